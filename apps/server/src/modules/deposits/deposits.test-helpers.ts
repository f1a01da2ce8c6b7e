import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { callbackSignature } from '../../payments/index.js';

/** Paints the `qrcode` package's SVG (one stroke path of `h` runs per module row) into RGBA pixels and decodes it with jsQR. */
export function decodeQrSvg(svg: string, scale = 4): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const d = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !d) return null;
  const px = size * scale;
  const rgba = new Uint8ClampedArray(px * px * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MmHh])([^MmHh]+)/g)) {
    const nums = args!
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (cmd === 'M') [x, y] = [nums[0]!, nums[1]!];
    else if (cmd === 'm') [x, y] = [x + nums[0]!, y + nums[1]!];
    else {
      const end = cmd === 'h' ? x + nums[0]! : nums[0]!;
      const row = Math.floor(y);
      for (let col = x; col < end; col++) {
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const i = ((row * scale + dy) * px + col * scale + dx) * 4;
            rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
          }
        }
      }
      x = end;
    }
  }
  return jsQR(rgba, px, px)?.data ?? null;
}

/** The bank's payment callback, signed as the gateway signs it (or with another secret / time, to forge one). */
export function sendCallback(
  app: FastifyInstance,
  body: { reference: string; bankReference: string; amount: string; currency?: string; paidAt?: string },
  opts: { secret?: string; at?: number } = {},
) {
  const raw = JSON.stringify({ currency: 'LAK', paidAt: new Date().toISOString(), ...body });
  const timestamp = String(opts.at ?? Date.now());
  return app.inject({
    method: 'POST',
    url: '/api/v2/payments/callback',
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': callbackSignature(opts.secret ?? app.config.BANK_CALLBACK_SECRET, timestamp, raw),
    },
    payload: raw,
  });
}
