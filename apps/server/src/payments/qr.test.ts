import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { buildLaoQr, parseLaoQr } from '@app/contracts';
import { decodeModules, decodeQrSvg } from '../test/qr.js';
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

describe('renderQrSvg', () => {
  it('renders an SVG that decodes (jsQR) back to the very payload, whose CRC verifies', async () => {
    const svg = await renderQrSvg(payload);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<script/i);
    const decoded = decodeQrSvg(svg);
    expect(decoded).toBe(payload);
    expect(parseLaoQr(decoded!).amountLak).toBe(50_000_000n);
  });

  it('the QR modules themselves decode to the payload', () => {
    const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const margin = 4;
    const size = qr.modules.size + margin * 2;
    const decoded = decodeModules(size, (x, y) => {
      const mx = x - margin;
      const my = y - margin;
      return mx >= 0 && my >= 0 && mx < qr.modules.size && my < qr.modules.size && qr.modules.get(my, mx) === 1;
    });
    expect(decoded).toBe(payload);
  });

  it('a different payload gives a different picture', async () => {
    const other = payload.replace('D2611220001', 'D2611220002');
    expect(decodeQrSvg(await renderQrSvg(other))).not.toBe(payload);
  });

  it('draws a payload once: the requests of one order share its picture; a failed drawing is drawn again', async () => {
    const draw = vi.spyOn(QRCode, 'toString');
    try {
      const fresh = payload.replace('D2611220001', 'D2611220003');
      const [a, b] = await Promise.all([renderQrSvg(fresh), renderQrSvg(fresh)]);
      expect(await renderQrSvg(fresh)).toBe(a);
      expect(b).toBe(a);
      expect(draw).toHaveBeenCalledTimes(1);

      const failing = payload.replace('D2611220001', 'D2611220004');
      draw.mockRejectedValueOnce(new Error('no picture'));
      await expect(renderQrSvg(failing)).rejects.toThrow('no picture');
      expect(decodeQrSvg(await renderQrSvg(failing))).toBe(failing);
      expect(draw).toHaveBeenCalledTimes(3);
    } finally {
      draw.mockRestore();
    }
  });
});
