import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '@app/contracts';

/**
 * The operations of the OpenAPI document the app serves, and values for their JSON schemas: the
 * route tests driven by the document (docs/decisions/061-proofs-under-faults.md) cover a route the
 * day it is added. The schemas are the plain JSON zod writes (objects, strings with lengths, formats
 * and patterns, enums, integers, booleans, arrays, anyOf): `openapi-values.ts` is a small converter
 * of them into values, not a general one.
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
  /** the operation's `x-…` keys (the back office's `x-staff-roles`, decision 050) */
  extensions: Record<string, unknown>;
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
    for (const [method, op] of Object.entries(byMethod) as [string, Record<string, unknown> & (typeof byMethod)[string]][]) {
      const upper = method.toUpperCase() as Operation['method'];
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        params: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: body ? resolve(body) : undefined,
        name: `${upper} ${path}`,
        extensions: Object.fromEntries(Object.entries(op).filter(([k]) => k.startsWith('x-'))),
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
