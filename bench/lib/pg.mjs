// The PostgreSQL side of the benchmarks that compare themselves with pgbench on the same server.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

/** The URL of database `name` on the server of `adminUrl`. */
export const databaseUrl = (adminUrl, name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

/** `work(client)` on a connection of its own, closed after. */
export async function withDb(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One statement (or a script without parameters) on a connection of its own. */
export const runSql = (url, sql) => withDb(url, (client) => client.query(sql));

/** pgbench TPC-B on database `url`: initialised at scale 10, then 8 clients on 2 threads for `seconds`; answers its tps. */
export function pgbenchTps(url, seconds) {
  const run = (args) => {
    const r = spawnSync('/usr/bin/pgbench', [...args, url], { encoding: 'utf8', timeout: (seconds + 120) * 1000 });
    if (r.status !== 0) throw new Error(`pgbench ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  run(['-i', '-s', '10', '-q']);
  const out = run(['-c', '8', '-j', '2', '-T', String(seconds)]);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
  if (!tps) throw new Error(`pgbench: no tps in\n${out}`);
  return tps;
}
