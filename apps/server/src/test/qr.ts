import jsQR from 'jsqr';

const SCALE = 4;

/** Paints dark modules into an RGBA bitmap (white elsewhere), SCALE pixels per module, and reads it with jsQR. */
export function decodeModules(size: number, dark: (x: number, y: number) => boolean): string | null {
  const width = size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      if (!dark(Math.floor(x / SCALE), Math.floor(y / SCALE))) continue;
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return jsQR(data, width, width)?.data ?? null;
}

/**
 * Reads the SVG of the `qrcode` package (`renderQrSvg`) the way a banking app's camera would: its
 * dark path is runs `M x y`/`m dx dy` then `h len` along module rows (y at the row's middle),
 * inside a viewBox of `size` modules. The one QR decoder of the tests.
 */
export function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const d = /<path[^>]*stroke="[^"]*"[^>]*\bd="([^"]+)"/.exec(svg)?.[1];
  if (!size || !d) return null;
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MmHh])([^MmHh]+)/g)) {
    const [a = 0, b = 0] = args!
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (cmd === 'M') [x, y] = [a, b];
    else if (cmd === 'm') [x, y] = [x + a, y + b];
    else {
      const end = cmd === 'h' ? x + a : a;
      for (let col = x; col < end; col++) dark.add(`${col},${Math.floor(y)}`);
      x = end;
    }
  }
  return decodeModules(size, (mx, my) => dark.has(`${mx},${my}`));
}
