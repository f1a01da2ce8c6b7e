import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '@app/contracts';

/**
 * The operations of the OpenAPI document the app serves, and values for their JSON schemas: the
 * route tests driven by the document (docs/decisions/061-proofs-under-faults.md) cover a route the
 * day it is added. The schemas are the plain JSON zod writes (objects, strings with lengths, formats
 * and patterns, enums, integers, booleans, arrays, anyOf): a small converter, not a general one.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** as the document writes it: /api/v2/deposits/{id} */
  path: string;
  params: Parameter[];
  body: JsonSchema | undefined;
  /** `GET /api/v2/deposits/{id}` */
  name: string;
}

/** Every operation of the document the app serves at /api/docs/openapi.json (API_DOCS_ENABLED is on in tests). */
export async function openApiOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/openapi.json', headers: { host: 'localhost' } });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document: ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (s: JsonSchema): JsonSchema => resolveRefs(s, doc.components?.schemas ?? {});
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const upper = method.toUpperCase() as Operation['method'];
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        params: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: body ? resolve(body) : undefined,
        name: `${upper} ${path}`,
      });
    }
  }
  return operations;
}

function resolveRefs(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    return target ? resolveRefs(target, components, depth + 1) : {};
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(v, components, depth + 1)]));
  }
  if (schema.items) out.items = resolveRefs(schema.items, components, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key]) out[key] = schema[key].map((s) => resolveRefs(s, components, depth + 1));
  }
  return out;
}

/** The URL of an operation with its path parameters (encoded) and query. */
export function operationUrl(op: Operation, path: Record<string, string>, query: Record<string, unknown> = {}): string {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(path[name] ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** a lone surrogate cannot be percent-encoded: U+FFFD in its place, as URLSearchParams does */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

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

/** Why an error answer is not the API's one error shape (docs/decisions/003-error-shape.md), or null. */
export function errorShapeProblem(status: number, body: string): string | null {
  if (/\bat .+\.(?:ts|js|mjs):\d+/.test(body) || /node_modules|\n\s+at /.test(body)) return 'a stack trace';
  if (status < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  const shape = errorBodySchema.safeParse(parsed);
  return shape.success ? null : `not the error shape: ${shape.error.message}`;
}
