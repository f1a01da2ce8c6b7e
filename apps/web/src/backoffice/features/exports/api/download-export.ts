import type { ExportKind } from '@app/contracts';
import { downloadCsv } from '@/backoffice/lib/download-csv';

/** The address of an export's CSV (under /api, as the API client calls it). */
export const exportUrl = (kind: ExportKind, from: string, to: string) =>
  `/api/v2/backoffice/exports/${kind}.csv?${new URLSearchParams({ from, to }).toString()}`;

/** Fetches an export and saves it as `<kind>-<from>-<to>.csv`, or throws the server's refusal (decision 082). */
export const downloadExport = (kind: ExportKind, from: string, to: string, onProgress?: (bytes: number) => void) =>
  downloadCsv(exportUrl(kind, from, to), `${kind}-${from}-${to}.csv`, onProgress);
