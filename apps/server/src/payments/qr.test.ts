import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
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
});
