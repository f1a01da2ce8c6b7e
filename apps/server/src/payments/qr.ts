import QRCode from 'qrcode';

/** How many QR images are kept: an order's lives 10 minutes; ~2.5 KB each, so about 10 MB at most. */
const KEPT = 4_000;
/** Payload → its SVG (being) drawn, oldest first: a Map keeps insertion order. */
const drawn = new Map<string, Promise<string>>();

/**
 * The QR image of a LAO QR payload as an SVG string: error correction M (what banking apps expect
 * of a payment QR), the 4-module quiet zone scanners need, no fixed size so the page scales it.
 * Drawn once per payload (an order's QR is asked again on every visit to Deposit, and drawing takes
 * milliseconds of the event loop): the answer is a function of the payload alone, which differs per
 * order (its bill number and reference). Requests that come together share the one drawing.
 */
export function renderQrSvg(payload: string): Promise<string> {
  const kept = drawn.get(payload);
  if (kept) return kept;
  const svg = QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  drawn.set(payload, svg);
  // a failed drawing is not kept; past the bound, the oldest goes
  svg.catch(() => drawn.delete(payload));
  if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  return svg;
}
