import QRCode from 'qrcode';

/**
 * The QR image of a LAO QR payload as an SVG string: error correction M (what banking apps expect
 * of a payment QR), the 4-module quiet zone scanners need, no fixed size so the page scales it.
 */
export function renderQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
