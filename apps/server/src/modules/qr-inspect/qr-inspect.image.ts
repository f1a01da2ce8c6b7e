import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { AppError } from '../../errors.js';

/** A phone screenshot is a few megapixels; beyond this a picture is refused before it is decoded. */
const MAX_PIXELS = 24_000_000;

export type QrImageType = 'image/png' | 'image/jpeg';

/** The picture's type from its first bytes (the magic numbers), never from what the upload claims. */
export function sniffQrImage(bytes: Uint8Array): QrImageType | null {
  const at = (sig: readonly number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (at([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

const notAPicture = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'The picture must be a PNG or JPEG file (told from its content).', {
    image: 'qr.validation.image_type',
  });
const tooManyPixels = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The picture has more than ${MAX_PIXELS / 1_000_000} million pixels.`, {
    image: 'qr.validation.image_pixels',
  });
const noQr = () =>
  new AppError('QR_NOT_FOUND_IN_IMAGE', 'No QR code could be found in the picture.', { image: 'qr.validation.image_no_qr' });

function rgba(bytes: Buffer, type: QrImageType): { data: Uint8ClampedArray; width: number; height: number } {
  try {
    if (type === 'image/png') {
      // IHDR: width and height as big-endian 32-bit integers at bytes 16 and 20
      if (bytes.length >= 24 && bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_PIXELS) throw tooManyPixels();
      const png = PNG.sync.read(bytes);
      return { data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), width: png.width, height: png.height };
    }
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
    return {
      data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
      width: image.width,
      height: image.height,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /maxResolutionInMP|memory/i.test(err.message)) throw tooManyPixels();
    throw notAPicture();
  }
}

/**
 * The QR payload in a picture (a player's slip screenshot): decoded here, in pure JavaScript (pngjs,
 * jpeg-js, jsQR: docs/decisions/131), so no native image library is needed on any host.
 */
export function qrFromImage(bytes: Buffer): string {
  const type = sniffQrImage(bytes);
  if (!type) throw notAPicture();
  const { data, width, height } = rgba(bytes, type);
  const code = jsQR(data, width, height, { inversionAttempts: 'attemptBoth' });
  if (!code || code.data.trim() === '') throw noQr();
  return code.data;
}
