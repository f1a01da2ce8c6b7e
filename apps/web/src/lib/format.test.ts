import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_SCALE } from '@app/contracts';
import { DISPLAY_SCALE, formatDateTime, formatDecimal, formatMoney, formatNumber } from './format';
import { setDefaultTimeZone } from './date-parts';
import { i18n, i18nReady } from './i18n';

// Amounts are written the same in every browser and language (docs/decisions/083): ',' groups
// thousands, '.' starts the decimals, whatever the runtime's Lao locale data says

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('lo');
});

describe('formatMoney', () => {
  it('groups thousands and keeps the currency decimals', () => {
    expect(formatMoney('1234567.5', 'THB')).toBe('1,234,567.50 THB');
    expect(formatMoney('100000', 'LAK')).toBe('100,000 LAK');
    expect(formatMoney('0', 'USD')).toBe('0.00 USD');
  });

  it('is exact beyond float precision', () => {
    expect(formatMoney('123456789012345678.99', 'THB')).toBe('123,456,789,012,345,678.99 THB');
  });

  it('truncates extra decimals instead of rounding up money', () => {
    expect(formatMoney('10.999', 'THB')).toBe('10.99 THB');
    expect(formatMoney('20000.9', 'LAK')).toBe('20,000 LAK');
  });

  it('keeps the sign of negative amounts and drops it on zero', () => {
    expect(formatMoney('-1500.25', 'THB')).toBe('-1,500.25 THB');
    expect(formatDecimal('-0.00', 2)).toBe('0.00');
  });

  it('shows N/A for what is not a decimal', () => {
    const na = i18n.t('common:na');
    expect(formatMoney('abc', 'THB')).toBe(na);
    expect(formatMoney(null, 'THB')).toBe(na);
    expect(formatMoney('1e5', 'LAK')).toBe(na);
  });

  it('agrees with the contracts on each currency scale', () => {
    expect(DISPLAY_SCALE).toEqual(CURRENCY_SCALE);
  });
});

describe('formatNumber', () => {
  it('groups thousands with commas', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
    expect(formatNumber(-1234)).toBe('-1,234');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(NaN)).toBe(i18n.t('common:na'));
    expect(formatNumber(Infinity)).toBe(i18n.t('common:na'));
  });

  it('groups as Intl does in en-US, exactly, for any integer', () => {
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (n) => formatNumber(n) === intl.format(n)));
  });

  it('writes leading zeros of a decimal string away, as a number', () => {
    expect(formatDecimal('000123456.5', 2)).toBe('123,456.50');
    expect(formatDecimal('0000', 0)).toBe('0');
  });
});

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:mm:ss on a 24-hour clock', () => {
    expect(formatDateTime('2026-03-04T17:05:09Z', 'UTC')).toBe('04/03/2026 17:05:09');
    expect(formatDateTime('2026-12-31T00:00:00Z', 'UTC')).toBe('31/12/2026 00:00:00');
  });

  it('converts to the given time zone (Vientiane is UTC+7)', () => {
    expect(formatDateTime('2026-03-04T20:30:00Z', 'Asia/Vientiane')).toBe('05/03/2026 03:30:00');
  });

  it("takes the zone the server's render sets when given none (decision 204), and the device's again once unset", () => {
    const device = formatDateTime('2026-03-04T20:30:00Z');
    setDefaultTimeZone('Asia/Vientiane');
    try {
      expect(formatDateTime('2026-03-04T20:30:00Z')).toBe('05/03/2026 03:30:00');
      expect(formatDateTime('2026-03-04T20:30:00Z', 'UTC')).toBe('04/03/2026 20:30:00');
    } finally {
      setDefaultTimeZone(undefined);
    }
    expect(formatDateTime('2026-03-04T20:30:00Z')).toBe(device);
  });

  it('shows the zero dates, empty and invalid values as N/A', () => {
    const na = i18n.t('common:na');
    expect(na).not.toBe('common:na');
    for (const v of ['0001-01-01', '0001-01-01T00:00:00Z', '', null, undefined, 'not a date']) {
      expect(formatDateTime(v, 'UTC')).toBe(na);
    }
  });
});
