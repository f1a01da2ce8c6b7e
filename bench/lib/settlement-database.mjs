// What the settlement bench reads of PostgreSQL besides its figure: what the backends wait on, and the
// statements, functions and sequential scans of the timed phase.
import pg from 'pg';
import { databaseUrl, runSql } from './pg.mjs';

/**
 * --waits: what the settlement database's backends are doing during the timed phase, sampled from
 * pg_stat_activity every 20 ms (state, wait event, and the statement when active), most frequent first.
 */
export function sampleWaits(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  const counts = new Map();
  let samples = 0;
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        `SELECT state, coalesce(wait_event_type, '-') || ':' || coalesce(wait_event, '-') AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 50) AS query
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      samples++;
      for (const r of rows) {
        const key = `${r.state} ${r.wait}${r.state === 'active' ? ` ${r.query}` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    console.log(`settlement   backends per sample over ${samples} samples of pg_stat_activity:`);
    for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`${(n / samples).toFixed(2).padStart(8)}  ${key}`);
  };
}
/** --statements: what the database ran for the timed phase, per settlement, most expensive first. */
export async function printStatements(adminUrl, dbName, n) {
  const { rows } = await runSql(
    adminUrl,
    `SELECT calls, total_exec_time + total_plan_time AS ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = '${dbName}' AND toplevel ORDER BY ms DESC LIMIT 25`,
  );
  const calls = rows.reduce((a, r) => a + Number(r.calls), 0);
  console.log(`settlement   statements: ${(calls / n).toFixed(1)} top-level calls per settlement (top 25 shown)`);
  for (const r of rows)
    console.log(`${((r.ms * 1000) / n).toFixed(0).padStart(6)} µs/settlement ${(r.calls / n).toFixed(2).padStart(6)} calls  ${r.query}`);
  // the database functions and triggers (track_functions = 'all'), total and self time
  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, dbName) });
  await client.connect();
  try {
    const fns = await client.query(
      `SELECT funcname, calls, total_time, self_time FROM pg_stat_user_functions ORDER BY total_time DESC LIMIT 8`,
    );
    for (const f of fns.rows)
      console.log(
        `${((f.total_time * 1000) / n).toFixed(0).padStart(6)} µs/settlement total, ${((f.self_time * 1000) / n).toFixed(0).padStart(6)} self ${(f.calls / n).toFixed(2).padStart(6)} calls  ${f.funcname}()`,
      );
    // sequential scans: a statement of the settlement path reading a whole table grows with the table
    const scans = await client.query(
      `SELECT relname, seq_scan, seq_tup_read, idx_scan, n_live_tup FROM pg_stat_user_tables WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 8`,
    );
    for (const t of scans.rows)
      console.log(
        `       ${String(t.relname).padEnd(24)} seq scans ${t.seq_scan} (${t.seq_tup_read} rows read), index scans ${t.idx_scan ?? 0}, ${t.n_live_tup} rows`,
      );
  } finally {
    await client.end();
  }
}
