import type { ErrorBody } from '@app/contracts';
import { ApiError } from '@/lib/api-client';

/**
 * Fetches a CSV (an export, a report) at `url` (under /api, as the API client calls it) and saves it
 * as `filename` (decision 082). The server streams the CSV;
 * the browser gathers it (a month of a busy agency is ~10 MB) and saves it once whole. A refusal (a
 * range or day refused, a role that may not export, a session that ended, the server unavailable) is
 * an ApiError with the server's code and fields, and nothing is saved: a plain link would have saved the
 * error's JSON as the .csv. `onProgress` hears the bytes received so far.
 */
export async function downloadCsv(url: string, filename: string, onProgress?: (bytes: number) => void): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include', headers: { accept: 'text/csv, application/json' } });
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
  const blob = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }));
  try {
    const a = document.createElement('a');
    a.href = blob;
    a.download = filename;
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // after the click has handed the file to the browser's download
    setTimeout(() => URL.revokeObjectURL(blob), 60_000);
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
