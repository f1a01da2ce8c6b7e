/**
 * CSV for the accountant (docs/decisions/063): UTF-8 with a byte-order mark, so that Excel reads Lao
 * names; cells that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return; a plain negative decimal excepted) get a leading apostrophe; a cell with a comma, a quote or a line break is quoted.
 */
export const BOM = '\uFEFF';

export type CsvCell = string | number | bigint | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // a negative amount (a report's net) stays a number: a plain decimal runs nothing
  if (/^[=+\-@\t\r]/.test(s) && !/^-\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;
