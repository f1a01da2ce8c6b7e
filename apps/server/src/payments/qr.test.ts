import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildLaoQr, parseLaoQr } from '@app/contracts';
import { renderQrSvg } from './qr.js';

// the longest payload the demo makes: KBank's configured IIN, a 50-million-kip deposit
const payload = buildLaoQr({
  bank: 'kasikam',
  iin: '70120418',
  merchantId: 'DEMO-KBANK-001',
  mcc: '5816',
  amountLak: 50_000_000n,
  merchantName: 'Lao Credit Demo',
  city: 'Vientiane',
  billNumber: 'D2611220001',
  reference: 'D2611220001',
});

const SCALE = 4;

/** Paints dark modules into an RGBA bitmap (white elsewhere), SCALE pixels per module. */
function paint(size: number, dark: (x: number, y: number) => boolean) {
  const width = size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      if (!dark(Math.floor(x / SCALE), Math.floor(y / SCALE))) continue;
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { data, width };
}

/**
 * Rasterises the SVG `renderQrSvg` returns: its dark path is runs `M x y`/`m dx 0` then `h len`
 * along module rows (y at the row's middle), inside a viewBox of `size` modules.
 */
function rasterSvg(svg: string) {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const d = /<path[^>]*stroke="[^"]*"[^>]*\bd="([^"]+)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MmHh])([\d.\s-]+)/g)) {
    const [a = 0, b = 0] = args!.trim().split(/\s+/).map(Number);
    if (cmd === 'M') [x, y] = [a, b];
    else if (cmd === 'm') [x, y] = [x + a, y + b];
    else if (cmd === 'h') {
      for (let i = 0; i < a; i++) dark.add(`${x + i},${Math.floor(y)}`);
      x += a;
    }
  }
  return paint(size, (mx, my) => dark.has(`${mx},${my}`));
}

describe('renderQrSvg', () => {
  it('renders an SVG that decodes (jsQR) back to the very payload, whose CRC verifies', async () => {
    const svg = await renderQrSvg(payload);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<script/i);
    const { data, width } = rasterSvg(svg);
    const decoded = jsQR(data, width, width);
    expect(decoded?.data).toBe(payload);
    expect(parseLaoQr(decoded!.data).amountLak).toBe(50_000_000n);
  });

  it('the QR modules themselves decode to the payload', () => {
    const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const margin = 4;
    const size = qr.modules.size + margin * 2;
    const { data, width } = paint(size, (x, y) => {
      const mx = x - margin;
      const my = y - margin;
      return mx >= 0 && my >= 0 && mx < qr.modules.size && my < qr.modules.size && qr.modules.get(my, mx) === 1;
    });
    expect(jsQR(data, width, width)?.data).toBe(payload);
  });

  it('a different payload gives a different picture', async () => {
    const other = payload.replace('D2611220001', 'D2611220002');
    const { data, width } = rasterSvg(await renderQrSvg(other));
    expect(jsQR(data, width, width)?.data).not.toBe(payload);
  });
});
