// The player-reads bench's mixed load: simulated players and one staff user at growing levels, until
// p99 passes its bound. What a visit does, and how often, is MIX below: the proportions of the run.
import { randomBytes } from 'node:crypto';
import { recorder } from './call-recorder.mjs';
import { call, readyPlayer, SANDBOX, SERVER, sessionCookie } from './player-reads-http.mjs';
import { cpuSeconds, cpuSecondsOf, cpuSecondsOfTree } from './proc.mjs';

const P99_BOUND_MS = 200;
const DEPOSIT_P95_BOUND_MS = 400;
/** iGaming load targets ask logins p95 ≤ 250 ms (issue #34) */
const LOGIN_P95_BOUND_MS = 250;

/**
 * One visit of a player, then a think time between its steps (PACE). Each step is taken with its
 * probability. A visit either opens the site (a session starts: the phone's browser loads the page) or
 * goes on in the site already open (decision 207): there the player's and the agency's answers are
 * fresh for 5 minutes (SPEC.md §9) and only the credit, fresh for no time, is asked again. Logins come
 * only with an opening.
 */
export const MIX = {
  // the visit opens the site: the player area's page (its HTML, which the server answers the agency's and the
  // player's info into and draws the page with, decisions 077 and 204; with `--no-pages` the two reads as calls
  // instead). 0.25: a session of four visits on average, about a minute and a half at this pace
  open: 0.25,
  login: 0.05, // the visit opens the site with a login (a new phone, a session ended): argon2id, a new session
  deposit: 0.3, // when no deposit is open: open one, read its QR, pay it at the bank (the bank's notice follows), back to the order
  play: 0.5, // the provider's game list, then a game launched
  promotions: 0.2, // the promotions offered and the one in use
  takePromotion: 0.02, // one taken (refused while another is in use: a 4xx, not a failure)
  withdraw: 0.1, // 100 THB out (the agency's minimum), when no withdrawal is in progress (a refusal for credit is a 4xx)
  history: 0.5, // deposit and withdrawal histories, first page
};
/**
 * The deposit page asks for its order every DEPOSIT_POLL_MS while it waits (apps/web, get-deposit.ts), but
 * not while the player is in the banking app (TanStack Query stops polling a hidden page): back from
 * paying, the order is asked at once, then every 3 s until the bank's notice has settled it.
 */
const DEPOSIT_POLL_MS = 3_000;
const DEPOSIT_WAITING = new Set(['OPEN', 'PAID', 'REVIEW']);
const DEPOSIT_POLLS_MAX = 5;
/**
 * How long a player takes (decision 190), each ±50 % at random: `screenMs` reading a screen and
 * tapping on (`--think`), `scanMs` in the banking app between reading the QR and the bank's payment
 * (`--scan`: open the app, scan, confirm with a PIN). A launched game is played at the provider,
 * which calls nothing here; the model is pessimistic there: the player is back after one screen's
 * think. `--think 1000 --scan 1000` is the stress pace of the earlier figures (≈ 2.3 calls/s each).
 */
export const PACE = { screenMs: 5_000, scanMs: 30_000 };
/** What a phone's browser sends for a page: the server draws it and compresses it with brotli. */
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };
/** The staff user's round: the open withdrawals read and each approved, every STAFF_ROUND_MS. */
const STAFF_ROUND_MS = 2_000;
const PROVIDERS = ['gclub', 'alphabet', 'gclub_live'];

const chance = (p) => Math.random() < p;

/** One player's visits until `until`. */
async function visits(player, timed, until, { think, scan, pages }) {
  let { cookie } = player;
  const provider = player.provider;
  if (MIX.login > MIX.open) throw new Error('MIX: a login comes with an opening of the site (login ≤ open)');
  while (performance.now() < until) {
    if (chance(MIX.open)) {
      if (!pages) await timed(`${SERVER}/api/v2/agency/info`);
      if (chance(MIX.login / MIX.open)) {
        const body = { username: player.username, password: player.password };
        const r = await timed(`${SERVER}/api/v2/players/login`, { method: 'POST', body });
        cookie = sessionCookie(r) ?? cookie;
      }
      if (pages) await timed(`${SERVER}/player`, { cookie, headers: PAGE_HEADERS });
      else await timed(`${SERVER}/api/v2/players/info`, { cookie });
    }
    await timed(`${SERVER}/api/v2/players/credits/${provider}`, { cookie });
    await think();
    if (chance(MIX.deposit)) {
      const open = await timed(`${SERVER}/api/v2/deposits/open`, { cookie });
      if (open.status === 200 && open.body.order === null) {
        const amount = String(150_000 + Math.floor(Math.random() * 100) * 1_000);
        const body = { providerId: provider, mid: 'DEMO-LAK-001', bank: 'bcel', amount };
        const created = await timed(`${SERVER}/api/v2/deposits`, {
          method: 'POST',
          cookie,
          body,
          headers: { 'idempotency-key': randomBytes(8).toString('hex') },
        });
        if (created.status === 201) {
          const qr = await timed(`${SERVER}/api/v2/deposits/${created.body.order.id}/qr`, { cookie });
          await scan(); // the player scans the code in the banking app
          if (qr.status === 200) {
            await call(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: { payload: qr.body.payload } });
            for (let i = 0; i < DEPOSIT_POLLS_MAX; i++) {
              if (i > 0) await new Promise((r) => setTimeout(r, DEPOSIT_POLL_MS));
              const order = await timed(`${SERVER}/api/v2/deposits/${created.body.order.id}`, { cookie });
              if (!DEPOSIT_WAITING.has(order.body?.order?.status)) break;
            }
          }
        }
      }
      await think();
    }
    if (chance(MIX.play)) {
      const games = await timed(`${SERVER}/api/v2/games/${provider}`, { cookie });
      const gameId = games.body?.games?.[0]?.id;
      if (gameId) await timed(`${SERVER}/api/v2/games/${provider}/launch`, { method: 'POST', cookie, body: { gameId, language: 'lo' } });
      await think();
    }
    if (chance(MIX.promotions)) {
      const list = await timed(`${SERVER}/api/v2/promotions`, { cookie });
      await timed(`${SERVER}/api/v2/players/promotions/using`, { cookie });
      const promotionId = list.body?.promotions?.[0]?.id;
      if (promotionId && chance(MIX.takePromotion / MIX.promotions)) {
        const headers = { 'idempotency-key': randomBytes(8).toString('hex') };
        await timed(`${SERVER}/api/v2/promotions/use`, { method: 'POST', cookie, body: { promotionId, providerId: provider }, headers });
      }
      await think();
    }
    if (chance(MIX.withdraw)) {
      const open = await timed(`${SERVER}/api/v2/withdrawals/open`, { cookie });
      if (open.status === 200 && open.body?.items?.length === 0) {
        const headers = { 'idempotency-key': randomBytes(8).toString('hex') };
        await timed(`${SERVER}/api/v2/withdrawals`, { method: 'POST', cookie, body: { providerId: provider, amount: '100' }, headers });
      }
      await think();
    }
    if (chance(MIX.history)) {
      await timed(`${SERVER}/api/v2/deposits?page=1&pageSize=10`, { cookie });
      await timed(`${SERVER}/api/v2/withdrawals?page=1&pageSize=10`, { cookie });
      await think();
    }
  }
}

/** The staff user: the open withdrawals, each approved with a bank reference, every STAFF_ROUND_MS. */
async function staffRounds(staffCookie, timed, until) {
  const base = `${SERVER}/api/v2/backoffice`;
  let approved = 0;
  while (performance.now() < until) {
    const queue = await timed(`${base}/withdrawals?status=OPEN&limit=50`, { cookie: staffCookie });
    for (const w of queue.body?.items ?? []) {
      const r = await timed(`${base}/withdrawals/${w.id}/approve`, {
        method: 'POST',
        cookie: staffCookie,
        body: { bankReference: `BENCH${randomBytes(5).toString('hex')}` },
      });
      if (r.status === 200) approved++;
    }
    await new Promise((r) => setTimeout(r, STAFF_ROUND_MS));
  }
  return approved;
}

/** CPU seconds so far of the server (with its cluster's workers), the sandbox (the bank and providers) and every PostgreSQL process. */
const cpuNow = async (pids) => ({
  server: cpuSecondsOfTree(pids.server),
  sandbox: cpuSeconds(pids.sandbox),
  postgres: cpuSecondsOf('postgres'),
  ...(pids.serverBackends ? { backends: Object.fromEntries((await pids.serverBackends()).map((pid) => [pid, cpuSeconds(pid) ?? 0])) } : {}),
});
/** The server database's backends: those alive at the end, less what the ones alive at the start had used then. */
const backendsDelta = (before, after) => Object.entries(after).reduce((s, [pid, cpu]) => s + cpu - (before[pid] ?? 0), 0);

const pause = (ms) => () => new Promise((r) => setTimeout(r, ms * (0.5 + Math.random())));

/**
 * How long a visit lasts on average at this pace: a screen after its opening and after each step taken, and
 * the time in the banking app for a deposit. A level's players start spread over this time, as players
 * already in the site are (decision 207), and its calls are counted from its end.
 */
export const meanVisitMs = (pace) =>
  pace.screenMs * (1 + MIX.deposit + MIX.play + MIX.promotions + MIX.withdraw + MIX.history) + MIX.deposit * pace.scanMs;

async function mixedLevel(players, staffCookie, seconds, pace, pids, pages) {
  const rampMs = meanVisitMs(pace);
  const from = performance.now() + rampMs;
  const until = from + seconds * 1000;
  const { timed, summary } = recorder({ from, until });
  const thinking = { think: pause(pace.screenMs), scan: pause(pace.scanMs), pages: Boolean(pages) };
  // what the server has used and drawn so far, read when the counted calls start and when they end
  const readingIn = (ms) =>
    new Promise((r) => setTimeout(r, ms)).then(async () => ({
      cpu: pids ? await cpuNow(pids) : null,
      renders: pages ? await pages() : null,
    }));
  const readings = Promise.all([readingIn(rampMs), readingIn(until - performance.now())]);
  const [approved] = await Promise.all([
    staffCookie ? staffRounds(staffCookie, timed, until) : 0,
    ...players.map(async (player) => {
      await new Promise((r) => setTimeout(r, Math.random() * rampMs));
      await visits(player, timed, until, thinking);
    }),
    readings,
  ]);
  const [before, atEnd] = await readings;
  const m = { ...summary(seconds), approved };
  if (before.renders) m.renders = Object.fromEntries(Object.entries(atEnd.renders).map(([k, v]) => [k, v - (before.renders[k] ?? 0)]));
  if (before.cpu) {
    const { backends, ...after } = atEnd.cpu;
    m.cpuMsPerCall = Object.fromEntries(Object.keys(after).map((k) => [k, ((after[k] - before.cpu[k]) * 1000) / m.calls]));
    // PostgreSQL above is every backend of the machine; this is the server database's own
    if (backends) m.cpuMsPerCall['postgres (server db)'] = (backendsDelta(before.cpu.backends, backends) * 1000) / m.calls;
  }
  return m;
}

const ms = (x) => `${x.toFixed(0).padStart(5)} ms`;
/**
 * `levels` players in turn (`pace` between their steps, `levelSeconds` a level), each with a bank
 * account; `staffCookie` (optional) approves withdrawals. `pages` (optional): a visit that opens the site loads
 * the player area's page instead of reading the agency and the player, and this answers the server's page renders so
 * far by outcome (`laocredit_page_renders_total`). Answers the most players held and their calls/s.
 */
export async function mixed({ pace = PACE, levels, levelSeconds, staffCookie, pids, pages, allLevels = false }) {
  const max = Math.max(...levels);
  const players = [];
  const started = performance.now();
  for (let i = 0; i < max; i += 16)
    players.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(16, max - i) }, async (_, j) => ({
          ...(await readyPlayer()),
          provider: PROVIDERS[(i + j) % PROVIDERS.length],
        })),
      )),
    );
  console.log(
    `player-reads  mixed: ${max} players ready in ${((performance.now() - started) / 1000).toFixed(1)} s, a screen read in ${pace.screenMs} ms, a QR paid in ${pace.scanMs} ms, each ±50 %`,
  );
  console.log(
    `player-reads  mixed: each visit ${Object.entries(MIX)
      .map(([k, p]) => `${k} ${p}`)
      .join(', ')}; staff approve every ${STAFF_ROUND_MS / 1000} s${staffCookie ? '' : ' (no staff: not on this engine)'}; ` +
      `a level's players start over ${(meanVisitMs(pace) / 1000).toFixed(0)} s (a visit), its calls counted from then`,
  );
  // warm-up (JIT, connections, the session cache), not counted: the first level's players started, and a few seconds
  await mixedLevel(players.slice(0, levels[0]), null, 3, pace, null, pages);
  let held = 0;
  let heldRps = 0;
  let failed = false; // held counts the levels up to the first one not held; --all-levels measures the rest too
  for (const n of levels) {
    const m = await mixedLevel(players.slice(0, n), staffCookie, levelSeconds, pace, pids, pages);
    const deposits = m.kinds.find((k) => k.kind === 'POST /api/v2/deposits');
    const logins = m.kinds.find((k) => k.kind === 'POST /api/v2/players/login');
    const pass =
      m.p99 <= P99_BOUND_MS &&
      m.failures === 0 &&
      (!deposits || deposits.p95 <= DEPOSIT_P95_BOUND_MS) &&
      (!logins || logins.p95 <= LOGIN_P95_BOUND_MS);
    console.log(
      `player-reads  mixed ${String(n).padStart(4)} players: ${m.rps.toFixed(0).padStart(5)} calls/s (${(m.rps / n).toFixed(2)} each)  p95 ${ms(m.p95)}  p99 ${ms(m.p99)}` +
        `  ${m.approved} approved${m.failures ? `  ${m.failures} failed` : ''}  ${pass ? 'held' : 'NOT held'}`,
    );
    // what a call costs on each side: the figures a capacity estimate is made from (PostgreSQL: the whole server)
    if (m.cpuMsPerCall)
      console.log(
        `player-reads  mixed        CPU per call: ${Object.entries(m.cpuMsPerCall)
          .map(([k, v]) => `${k} ${v.toFixed(2)} ms`)
          .join(', ')}`,
      );
    // a page the server did not draw (renders waiting, or its loop busy: decisions 204, 206) goes out with its spinner
    if (m.renders)
      console.log(
        `player-reads  mixed        player pages: ${Object.entries(m.renders)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    for (const k of m.kinds)
      console.log(
        `player-reads  mixed        ${k.kind.padEnd(44)} ${String(k.calls).padStart(6)} calls  p95 ${ms(k.p95)}  p99 ${ms(k.p99)}${
          k.refused
            ? `  (refused: ${Object.entries(k.codes)
                .map(([c, n]) => `${c} ${n}`)
                .join(', ')})`
            : ''
        }`,
      );
    if (!pass) failed = true;
    if (failed && !allLevels) break;
    if (!failed) {
      held = n;
      heldRps = m.rps;
    }
  }
  console.log(
    `player-reads  mixed: ${held} concurrent active players held (${heldRps.toFixed(0)} calls/s) at p99 ≤ ${P99_BOUND_MS} ms, deposits p95 ≤ ${DEPOSIT_P95_BOUND_MS} ms, logins p95 ≤ ${LOGIN_P95_BOUND_MS} ms`,
  );
  return held;
}
