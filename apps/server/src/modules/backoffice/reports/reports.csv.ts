import type { PlayerReportQuery, ReportFigures } from '@app/contracts';
import type { Db } from '../../../db/client.js';
import type { BusinessDayRange } from '../../shared/business-day-range.js';
import { BOM, VIENTIANE_ZONE, csvLine, type CsvCell } from '../exports/index.js';
import { playerReport, providerReport } from './reports.service.js';

/** players per statement of the CSV: each batch sums the range again, so batches are large */
const PLAYER_BATCH = 5000;

/** The range's days are Vientiane business days, and the header says so (as the exports' times do). */
const RANGE_HEADER = [`from ${VIENTIANE_ZONE}`, `to ${VIENTIANE_ZONE}`];
const FIGURES_HEADER = [
  'deposits',
  'deposits_lak',
  'deposits_credit_thb',
  'withdrawals',
  'withdrawals_credit_thb',
  'withdrawals_lak',
  'bonus_thb',
  'bonus_lak',
  'net_lak',
];

const figureCells = (f: ReportFigures): CsvCell[] => [
  f.deposits.count,
  f.deposits.amountLak,
  f.deposits.creditThb,
  f.withdrawals.count,
  f.withdrawals.creditThb,
  f.withdrawals.amountLak,
  f.bonus.thb,
  f.bonus.lak,
  f.net,
];

/** The provider report as CSV (UTF-8 with BOM, decision 063): a line per provider, then the total. */
export async function* providersCsv(db: Db, agencyId: string, range: BusinessDayRange): AsyncGenerator<string> {
  const report = await providerReport(db, agencyId, range);
  yield BOM + csvLine([...RANGE_HEADER, 'provider', ...FIGURES_HEADER]);
  for (const row of report.rows) yield csvLine([range.from, range.to, row.providerId, ...figureCells(row)]);
  yield csvLine([range.from, range.to, 'TOTAL', ...figureCells(report.total)]);
}

/** The player report as CSV, in the screen's order and search, read by keyset in large batches. */
export async function* playersCsv(
  db: Db,
  agencyId: string,
  range: BusinessDayRange,
  query: Pick<PlayerReportQuery, 'q' | 'sort'>,
  batch = PLAYER_BATCH,
): AsyncGenerator<string> {
  yield BOM + csvLine([...RANGE_HEADER, 'player', 'display_name', ...FIGURES_HEADER]);
  let cursor: string | undefined;
  do {
    const page = await playerReport(db, agencyId, range, { ...query, cursor, limit: batch });
    yield page.items.map((r) => csvLine([range.from, range.to, r.username, r.displayName, ...figureCells(r)])).join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
