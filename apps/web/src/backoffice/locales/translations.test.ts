import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AUDIT_ACTIONS,
  CREDIT_PROVIDERS,
  CURRENCY_CODES,
  DEFAULT_AGENCY_SETTINGS,
  agencySettingsUpdateSchema,
  bankConfigBodySchema,
  refundBodySchema,
} from '@app/contracts';
import { textsIn, type LocaleFile } from '@/lib/locale-file';
import { leafProblems, leaves } from '@/test/translation-tree';

/**
 * The back office's texts (locales/<area>.json, lo and en side by side, as lib/i18n.ts bundles them): lo
 * and en alike, and a text for every message key the server or the contracts can put in an error's `fields`.
 */
const files = import.meta.glob<LocaleFile>('./*.json', { eager: true, import: 'default' });
// the sources that write those keys, read as text (tests excluded)
const server = import.meta.glob<string>(['../../../../server/src/**/*.ts', '!**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const contracts = import.meta.glob<string>(['../../../../../packages/contracts/src/**/*.ts', '!**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const LANGUAGES = ['lo', 'en'] as const;

function load(lng: string, ns: string) {
  const file = files[`./${ns}.json`];
  if (!file) throw new Error(`no ${ns}.json`);
  return textsIn(file, lng);
}
const namespaces = Object.keys(files).map((p) => p.slice(2, -'.json'.length));

/** Every quoted key of these shapes in the sources. */
function literalKeys(sources: Record<string, string>, pattern: RegExp): Set<string> {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const m of text.matchAll(pattern)) keys.add(m[1]!);
  return keys;
}

/** The message keys a schema gives to each input (some keys are built, `${key}_required`, and found only this way). */
function messagesOf(schema: z.ZodType, inputs: unknown[]): Set<string> {
  const keys = new Set<string>();
  for (const input of inputs) {
    const parsed = schema.safeParse(input);
    for (const issue of parsed.error?.issues ?? []) if (/^[a-z_]+(\.[a-z_]+)+$/.test(issue.message)) keys.add(issue.message);
  }
  return keys;
}

const social = (link: string) => ({ telegram: link, whatsapp: link, facebook: link, twitter: link, line: link });
const bounds = (b: Record<string, unknown>) => ({ ...DEFAULT_AGENCY_SETTINGS, ...b });

/** The keys the back office can receive in `fields`: the server's literals, then what the contracts' schemas answer. */
function fieldKeys(): string[] {
  const keys = new Set([
    // the server's own (AppError fields) and the contracts' literals of the back office
    ...literalKeys(server, /'((?:backoffice\.(?:validation|attention)|settings)\.[a-z_.]+)'/g),
    ...literalKeys(contracts, /'(backoffice\.(?:validation|attention)\.[a-z_]+)'/g),
    ...messagesOf(agencySettingsUpdateSchema, [
      {
        settings: bounds({ usernameMin: 2.5, usernameMax: 1, passwordMin: 100, depositMinLak: 'x', depositCreditThresholdThb: 'x' }),
        social: social('http://a.la'),
      },
      {
        settings: bounds({
          usernameMin: 30,
          usernameMax: 10,
          depositMinLak: '9',
          depositMaxLak: '1',
          withdrawMinThb: '9',
          withdrawMaxThb: '1',
        }),
        social: social(`https://a.la/${'x'.repeat(300)}`),
      },
    ]),
    ...messagesOf(bankConfigBodySchema, [
      { iin: '1', merchantId: '', mcc: 'x', merchantName: '', city: '' },
      { iin: null, merchantId: 'x'.repeat(61), mcc: '1234', merchantName: 'x'.repeat(26), city: 'x'.repeat(16) },
      { iin: null, merchantId: 'ລາວ', mcc: '1234', merchantName: 'ລາວ', city: 'ລາວ' },
    ]),
    ...messagesOf(refundBodySchema, [{ bankReference: ' ' }]),
  ]);
  return [...keys].sort();
}

describe('back-office translations', () => {
  it('finds the keys it checks (the sources and schemas are read)', () => {
    const keys = fieldKeys();
    // a few that must be among them: a literal of the server, a literal of the contracts, a built one
    expect(keys).toEqual(
      expect.arrayContaining([
        'backoffice.validation.export_range',
        'backoffice.attention.not_failed',
        'backoffice.validation.bank_reference_required',
        'settings.qr.city_ascii',
        'settings.max_below_min',
        'amount.invalid',
      ]),
    );
  });

  it.each(LANGUAGES)('%s has a text for every field error key the server and the contracts can send', (lng) => {
    const texts = leaves(load(lng, 'fields'));
    const missing = fieldKeys().filter((key) => !texts.get(key)?.trim());
    expect(missing, `keys without a ${lng} text in locales/fields.json`).toEqual([]);
  });

  it.each(LANGUAGES)('%s translates every error code the attention, settings and exports routes answer', (lng) => {
    const modules = Object.entries(server).filter(([path]) => /modules\/backoffice\/(attention|staff-settings|exports)\//.test(path));
    const codes = new Set(['STAFF_FORBIDDEN', 'VALIDATION_FAILED', 'NETWORK']);
    for (const [, text] of modules) {
      for (const m of text.matchAll(/new AppError\('([A-Z_]+)'/g)) codes.add(m[1]!);
      if (/\bnotFound\(/.test(text)) codes.add('NOT_FOUND');
    }
    const errors = leaves(load(lng, 'common'));
    expect([...codes].filter((code) => !errors.get(`errors.${code}`)?.trim())).toEqual([]);
  });

  it.each(LANGUAGES)('%s names every audit action and every currency and provider, never by its code (issue #35 defect 9)', (lng) => {
    const audit = leaves(load(lng, 'audit'));
    expect(AUDIT_ACTIONS.filter((a) => !audit.get(`actions.${a}`)?.trim())).toEqual([]);
    const common = leaves(load(lng, 'common'));
    expect(CURRENCY_CODES.filter((c) => !common.get(`currencies.${c}`)?.trim())).toEqual([]);
    expect(CREDIT_PROVIDERS.filter((p) => !common.get(`providers.${p}`)?.trim())).toEqual([]);
  });

  // i18next's plural forms: Lao has only `_other`, English `_one` and `_other` (leafProblems knows)
  it.each(namespaces)('%s has every text in lo and en, none empty, with the same placeholders', (ns) => {
    expect(namespaces.length).toBeGreaterThanOrEqual(18);
    expect(leafProblems(files[`./${ns}.json`]!, { lo: 'lo', en: 'en' }, 'lo'), `${ns}.json`).toEqual([]);
  });
});
