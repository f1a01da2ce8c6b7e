import { errorBodySchema } from '@app/contracts';

/**
 * The error answers a route declares, each with the one error body of the contracts
 * (docs/decisions/003-error-shape.md): `response: { 200: okSchema, ...errorResponses(400, 401) }`.
 */
export function errorResponses<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as { [K in S[number]]: typeof errorBodySchema };
}
