import fc from 'fast-check';
import type { JsonSchema, Parameter } from './openapi.js';

/**
 * Values for the JSON schemas of the OpenAPI document (docs/decisions/061-proofs-under-faults.md):
 * one valid example of a schema, values valid for it, and mutations of them (another type, a field
 * dropped or added, odd strings) for the route tests driven by the document.
 */
const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/**
 * One valid value of a schema, the same every time; `pick(name, schema)` may answer a field's value
 * instead (a victim's id for an `id` or `usageId`, say), `undefined` to leave it to the schema.
 */
export function exampleOf(schema: JsonSchema, pick: (name: string, schema: JsonSchema) => unknown = () => undefined, name = ''): unknown {
  const chosen = pick(name, schema);
  if (chosen !== undefined) return chosen;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return exampleOf(alternatives[0], pick, name);
  if (schema.allOf?.[0]) return exampleOf(Object.assign({}, ...schema.allOf) as JsonSchema, pick, name);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, exampleOf(v, pick, k)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => exampleOf(schema.items ?? {}, pick, name));
    case 'integer':
    case 'number':
      return lowerBound(schema) ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return fc.sample(stringArbitrary(schema), { numRuns: 1, seed: 42 })[0];
    default:
      return 'x';
  }
}

function lowerBound(s: JsonSchema): number | undefined {
  if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum + 1;
  return s.minimum;
}

function upperBound(s: JsonSchema): number | undefined {
  if (typeof s.exclusiveMaximum === 'number') return s.exclusiveMaximum - 1;
  return s.maximum;
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Math.max(minLength, 40);
  if (s.pattern) {
    return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= maxLength);
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 60), unit: 'grapheme' });
}

/** Values valid for a schema (as far as its JSON says: refinements zod keeps to itself are not in it). */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case 'integer':
      return fc.integer({ min: lowerBound(schema) ?? -1e9, max: upperBound(schema) ?? 1e9 });
    case 'number':
      return fc.double({ min: lowerBound(schema) ?? -1e9, max: upperBound(schema) ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    case 'null':
      return fc.constant(null);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of another type than the schema's. */
export function wrongTypeOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const t = typeOf(schema);
  const others: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  ];
  return fc.oneof(
    ...others.filter((_, i) => {
      const kind = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'][i];
      return kind !== t && !(t === 'number' && kind === 'integer');
    }),
  );
}

/** Strings a parser does not expect: huge, control characters, other scripts, escapes, paths. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    '%00',
    '\u0000',
    "' OR 1=1 --",
    '${7*7}',
    '<script>alert(1)</script>',
    'ສະບາຍດີ',
    '你好',
    '\ud800',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '99999999999999999999999999999',
    '1.0000000000000000001',
  ),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.nat({ max: 20_000 }).map((n) => 'ສ'.repeat(n)),
);

export interface FuzzBody {
  /** the raw text sent (JSON, or JSON cut short) */
  payload: string;
  /** how it was made, for the failure message */
  how: string;
}

/** A request body: valid for the schema, or one mutation of a valid one. */
export function bodyArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<FuzzBody> {
  const valid = schema ? arbitraryOf(schema) : fc.constant({});
  const json = (how: string) => (v: unknown) => ({ payload: JSON.stringify(v) ?? 'null', how });
  const props = Object.keys(schema?.properties ?? {});
  const mutations: fc.Arbitrary<FuzzBody>[] = [
    valid.map(json('valid')),
    fc.jsonValue({ maxDepth: 3 }).map(json('replaced')),
    fc.tuple(valid, fc.nat(), oddString).map(([v, n, s]) => {
      const text = JSON.stringify(v) ?? '';
      return { payload: text.slice(0, n % Math.max(1, text.length)) + (n % 3 === 0 ? s : ''), how: 'cut short' };
    }),
    fc.tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })).map(([v, k, x]) => ({
      payload: JSON.stringify({ ...(isObject(v) ? v : {}), [k]: x }),
      how: `extra field ${k}`,
    })),
  ];
  if (props.length) {
    const field = fc.constantFrom(...props);
    mutations.push(
      fc.tuple(valid, field).map(([v, k]) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[k];
        return { payload: JSON.stringify(copy), how: `without ${k}` };
      }),
      fc.tuple(valid, field).chain(([v, k]) =>
        wrongTypeOf(schema!.properties![k]!).map((x) => ({
          payload: JSON.stringify({ ...(v as Record<string, unknown>), [k]: x }),
          how: `${k} of another type`,
        })),
      ),
      fc.tuple(valid, field, oddString).map(([v, k, s]) => ({
        payload: JSON.stringify({ ...(v as Record<string, unknown>), [k]: s }),
        how: `${k} odd`,
      })),
    );
  }
  return fc.oneof(...mutations);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A path or query parameter's value: valid for its schema, or odd. */
export function paramArbitrary(p: Parameter): fc.Arbitrary<string | undefined> {
  const valid = arbitraryOf(p.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const options: fc.Arbitrary<string | undefined>[] = [valid, valid, oddString];
  if (p.in === 'query') options.push(fc.constant(undefined));
  return fc.oneof(...options);
}
