import type { ErrorBody } from '@app/contracts';
import { ApiError } from '@/lib/api-client';

/**
 * CSV exports for the accountant (decision 063): Vientiane business days `from`..`to`, both included,
 * 1 to EXPORT_MAX_DAYS days, downloaded straight from the GET (the session cookie goes with it).
 */
export const EXPORT_KINDS = ['deposits', 'withdrawals'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** the server's limit (exports.routes.ts): a month and a day, so any calendar month fits */
export const EXPORT_MAX_DAYS = 32;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Vientiane, `yyyy-mm-dd` (the business day the server counts in). */
export function vientianeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The days from `from` to `to`, both included; null when either is no calendar day. */
export function daysBetween(from: string, to: string): number | null {
  if (!DAY.test(from) || !DAY.test(to)) return null;
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  // Date.parse rolls 2026-02-30 over to March: such a day is not one
  if (new Date(a).toISOString().slice(0, 10) !== from || new Date(b).toISOString().slice(0, 10) !== to) return null;
  return Math.round((b - a) / 86_400_000) + 1;
}

/** What is wrong with a range, as the server's message keys (`fields` namespace), or null when it may be exported. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; key: string } | null {
  if (daysBetween(from, from) === null) return { field: 'from', key: 'backoffice.validation.date' };
  const days = daysBetween(from, to);
  if (days === null) return { field: 'to', key: 'backoffice.validation.date' };
  if (days < 1 || days > EXPORT_MAX_DAYS) return { field: 'to', key: 'backoffice.validation.export_range' };
  return null;
}

/** The address of an export's CSV (under /api, as the API client calls it). */
export const exportUrl = (kind: ExportKind, from: string, to: string) =>
  `/api/v2/backoffice/exports/${kind}.csv?${new URLSearchParams({ from, to }).toString()}`;

/**
 * Fetches an export and saves it as `<kind>-<from>-<to>.csv` (decision 082). The server streams the CSV;
 * the browser gathers it (a month of a busy agency is ~10 MB) and saves it once whole. A refusal (a
 * range or day refused, a role that may not export, a session that ended, the server unavailable) is
 * an ApiError with the server's code and fields, and nothing is saved: a plain link would have saved the
 * error's JSON as the .csv. `onProgress` hears the bytes received so far.
 */
export async function downloadExport(kind: ExportKind, from: string, to: string, onProgress?: (bytes: number) => void): Promise<void> {
  let res: Response;
  try {
    res = await fetch(exportUrl(kind, from, to), { credentials: 'include', headers: { accept: 'text/csv, application/json' } });
  } catch {
    throw new ApiError(0, null);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, errorBody(text));
  }
  const parts: Uint8Array[] = [];
  let received = 0;
  try {
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress?.(received);
    }
  } catch {
    // the connection dropped mid-way: a partial file is not an export
    throw new ApiError(0, null);
  }
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `${kind}-${from}-${to}.csv`;
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // after the click has handed the file to the browser's download
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

function errorBody(text: string): ErrorBody | null {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null && 'error' in body ? (body as ErrorBody) : null;
  } catch {
    return null;
  }
}
