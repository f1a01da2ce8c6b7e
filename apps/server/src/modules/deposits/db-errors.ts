/** PostgreSQL's unique_violation on `constraint`; drizzle wraps the driver's error in `cause`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, constraint_name: pgliteName } = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (code === '23505') return name === constraint || pgliteName === constraint || String((e as Error).message).includes(constraint);
  }
  return false;
}
