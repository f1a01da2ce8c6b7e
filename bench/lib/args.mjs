// The benches' command lines: `--name value` options, and the PostgreSQL server they may use.

/** The value after `--name`, else `def`. */
export const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};

/** `--name` as a whole number from 1 to `max`, else `def`; anything else stops the bench. */
export const whole = (name, def, max) => {
  const n = Number(arg(name, def));
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name}: a whole number from 1 to ${max}`);
  return n;
};

/** The admin URL of the PostgreSQL server (`--pg`, else BENCH_DATABASE_URL, else the local one); loopback only. */
export function adminUrl() {
  const url = arg('pg', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname)) throw new Error(`loopback only, not ${hostname}`);
  return url;
}
