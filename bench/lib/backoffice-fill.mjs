// The back office's data at scale, written by SQL into the real tables of a migrated and
// seeded database (the demo agency, its promotions and currencies, its owner): generate_series, so
// that a million orders take minutes, not the hours the API would. Every row passes the tables' own
// constraints (CHECKs, foreign keys, unique and partial unique indexes: one OPEN deposit and one
// withdrawal in progress per player, one promotion held at a time, a bank account per number and bank)
// and their triggers fire (player_bank_accounts' session notice; nobody listens during the fill).
//
// What is NOT written: ledger postings. No back-office call measured here reads ledger_entries or a
// balance (the dashboard counts orders, usages and players; the lists read orders, transfers and
// usages; a player's credits are asked of the providers and are not measured), and a posting per
// order would add millions of entries the measured queries never touch. So this database's ledger
// does not balance against its orders: it is for these reads only, never for the money checks.
//
// The shape of a live site's year: players registering at a steady pace, orders growing with them
// (deposits and withdrawals per day double over the year), statuses spread as in production (70 %
// of deposits paid, the rest expired or canceled, 0.2 % FAILED at the provider, half of those
// refunded; 88 % of withdrawals paid, a few thousand OPEN in the queue), fingerprints shared by a
// few players (4 % of players, by threes), one account number at two banks, withdrawals' decisions
// in the audit log, promotions used on one paid deposit in seven.

import { orderStatements } from './backoffice-fill-orders.mjs';
import { peopleStatements } from './backoffice-fill-people.mjs';
import { recordStatements } from './backoffice-fill-records.mjs';

const DAY_MS = 86_400_000;

/** Every statement of the fill, in order; `p` holds whole numbers and ids only (checked by the caller). */
export function fillStatements({ agencyId, players, deposits, withdrawals, passwordHash, staffIds, now = Date.now() }) {
  const P = players;
  const D = deposits;
  const W = withdrawals;
  const A = `'${agencyId}'::uuid`;
  const NOW = `'${new Date(now).toISOString()}'::timestamptz`;
  const T0 = `'${new Date(now - 365 * DAY_MS).toISOString()}'::timestamptz`;
  const SPAN = `interval '365 days'`;
  // player n (1..P): a stable id (an RFC 4122 version 4 uuid, as the API's schemas require) and its
  // registration time, so that any statement can name a player
  const pid = (n) => `(overlay(overlay(md5('bench-player-' || (${n})) PLACING '4' FROM 13) PLACING 'a' FROM 17))::uuid`;
  const created = (n) => `(${T0} + ((${n}) - 1) * ${SPAN} / ${P})`;
  // the players alive at time t: 1..alive(t)
  const alive = (t) => `greatest(1, least(${P}, floor(${P} * extract(epoch FROM (${t}) - ${T0}) / extract(epoch FROM ${SPAN}))::int))`;
  // an order's time: more of them later in the year, as players accumulate (density grows linearly)
  const grownTime = (u, marginMinutes) => `(${T0} + (${SPAN} - interval '${marginMinutes} minutes') * sqrt(${u}))`;
  const hash = passwordHash.replaceAll("'", "''");
  const staff = `ARRAY[${staffIds.deciders.map((id) => `'${id}'::uuid`).join(', ')}]`;

  const context = { P, D, W, A, NOW, T0, SPAN, pid, created, alive, grownTime, hash, staff, staffIds };
  return [...peopleStatements(context), ...orderStatements(context), ...recordStatements(context)];
}

/** After the fill: the statistics and visibility map a live database's autovacuum keeps (it is off on this server). */
export const AFTER_FILL = ['VACUUM (ANALYZE)', 'CHECKPOINT'];
