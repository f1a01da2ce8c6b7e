import { readLaoQr, type LaoQrReading } from './laoqr-read.js';

/** The reading of a payload a test expects to be read. */
export function ok(payload: string): LaoQrReading {
  const read = readLaoQr(payload);
  if (!read.ok) throw new Error(`${read.error.code}: ${read.error.message}`);
  return read.qr;
}
/** The error code of a payload a test expects to be refused, or null. */
export const refused = (payload: string) => {
  const read = readLaoQr(payload);
  return read.ok ? null : read.error.code;
};
