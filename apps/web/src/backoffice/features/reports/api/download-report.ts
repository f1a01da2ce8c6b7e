import type { ReportKind } from '@app/contracts';
import { downloadCsv } from '@/backoffice/lib/download-csv';

/**
 * Fetches a report's CSV (the screen's columns, days in Vientiane time) and saves it as
 * `report-<kind>-<from>-<to>.csv`, or throws the server's refusal (decision 082). `extra`: the player
 * report's search and order, so that the file is the list on the screen.
 */
export function downloadReport(kind: ReportKind, from: string, to: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ from, to, ...extra });
  return downloadCsv(`/api/v2/backoffice/reports/${kind}.csv?${query}`, `report-${kind}-${from}-${to}.csv`);
}
