import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { registerPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import {
  addBankAccount,
  decide,
  fundCredit,
  staffLogin,
  openWithdrawal as openWithdrawalAt,
  withdraw,
} from './withdrawals.test-helpers.js';
import { createAgency } from '../../test/agencies.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const openWithdrawal = (amount = '100') => openWithdrawalAt(app(), env.agencyId(), amount);

const get = (cookie: string, url: string, host = 'localhost') =>
  app().inject({ url: `/api/v2/backoffice/${url}`, headers: { host, cookie } });

const otherAgency = (code: string, host: string) => createAgency(app(), code, host);

const fingerprint = (playerId: string, hash: string, day = '2026-01-01') =>
  queryRows(app().db, sql`INSERT INTO player_fingerprints (player_id, day, hash) VALUES (${playerId}, ${day}, ${hash})`);

describe('the withdrawal queue', () => {
  it('pages oldest first by keyset, refuses a tampered cursor, and counts what waits', async () => {
    const opened = [await openWithdrawal(), await openWithdrawal(), await openWithdrawal()];
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(finance.cookie, `withdrawals?status=OPEN&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string; createdAt: string }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((w) => w.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => opened.some((o) => o.id === id))).toEqual(opened.map((o) => o.id));
    expect(new Set(seen).size).toBe(seen.length);

    const tampered = await get(finance.cookie, 'withdrawals?limit=2&cursor=bm90LWEtY3Vyc29y');
    expect([tampered.statusCode, tampered.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);

    const summary = (await get(finance.cookie, 'withdrawals/summary')).json();
    expect(summary.open.count).toBe(seen.length);
    const [times] = await queryRows<{ oldest: Date | string; newest: Date | string }>(
      app().db,
      sql`SELECT min(created_at) AS oldest, max(created_at) AS newest FROM withdrawals WHERE agency_id = ${env.agencyId()} AND status = 'OPEN'`,
    );
    expect(summary.open.oldestAt).toBe(new Date(times!.oldest).toISOString());
    // the newest: the queue screen chimes when it moves (decision 178)
    expect(summary.open.newestAt).toBe(new Date(times!.newest).toISOString());
  });

  it("counts the player's fraud signals written as the withdrawal is made, within the agency only", async () => {
    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    const [account] = await queryRows<{ account_number: string }>(
      app().db,
      sql`SELECT account_number FROM player_bank_accounts WHERE player_id = ${player.playerId}`,
    );
    // same device: another player of the agency saw the same fingerprint hash on another day
    const twin = await registerPlayer(app());
    await fingerprint(player.playerId, 'shared-device-hash', '2026-02-01');
    await fingerprint(twin.playerId, 'shared-device-hash', '2026-02-02');
    // same account number at another bank (the unique key is per bank)
    const payee = await registerPlayer(app());
    await queryRows(
      app().db,
      sql`INSERT INTO player_bank_accounts (agency_id, player_id, bank, account_number, account_name)
          VALUES (${env.agencyId()}, ${payee.playerId}, 'jdb', ${account!.account_number}, 'Someone Else')`,
    );
    // another agency's player with the same device and number is none of this agency's business
    const elsewhere = await otherAgency('warn-other', 'warn-other.example');
    const [stranger] = await queryRows<{ id: string }>(
      app().db,
      sql`INSERT INTO players (agency_id, username, password_hash, display_name) VALUES (${elsewhere}, 'strangerp', 'x', 'S') RETURNING id::text`,
    );
    await fingerprint(stranger!.id, 'shared-device-hash', '2026-02-03');
    await queryRows(
      app().db,
      sql`INSERT INTO player_bank_accounts (agency_id, player_id, bank, account_number, account_name)
          VALUES (${elsewhere}, ${stranger!.id}, 'bcel', ${account!.account_number}, 'Stranger')`,
    );
    // the withdrawal writes its player's signals of every kind (decision 164)
    await fundCredit(app(), env.agencyId(), player, 'gclub', 60_000n);
    const id = (await withdraw(app(), player, { providerId: 'gclub', amount: '100' })).json().withdrawal.id as string;
    const owner = await staffLogin(app(), env.agencyId(), 'owner');

    const detail = await get(owner.cookie, `withdrawals/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().withdrawal).toMatchObject({
      id,
      playerUsername: player.username,
      accountNumber: account!.account_number,
      promotion: null,
      signals: { count: 2, kinds: ['bank_account', 'device'] },
    });
    const listed = (await get(owner.cookie, 'withdrawals?limit=200')).json().items.find((w: { id: string }) => w.id === id);
    expect(listed.signals).toEqual({ count: 2, kinds: ['bank_account', 'device'] });
    const named = (await get(owner.cookie, `players/${player.playerId}/signals`)).json().items as { kind: string; other: { id: string } }[];
    expect(named.map((s) => [s.kind, s.other.id]).sort()).toEqual([
      ['bank_account', payee.playerId],
      ['device', twin.playerId],
    ]);

    // a player with neither shares nothing
    const alone = await openWithdrawal();
    expect((await get(owner.cookie, `withdrawals/${alone.id}`)).json().withdrawal.signals).toEqual({ count: 0, kinds: [] });
  });

  it("answers another agency's staff 404 on a withdrawal; support neither reads nor decides (no money)", async () => {
    const { id } = await openWithdrawal();
    const elsewhere = await otherAgency('queue-other', 'queue-other.example');
    const stranger = await staffLogin(app(), elsewhere, 'owner', 'queue-other.example');
    const res = await get(stranger.cookie, `withdrawals/${id}`, 'queue-other.example');
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await get(stranger.cookie, 'withdrawals/summary', 'queue-other.example')).json().open.count).toBe(0);
    const support = await staffLogin(app(), env.agencyId(), 'support');
    expect((await get(support.cookie, `withdrawals/${id}`)).statusCode).toBe(403);
    const refused = await decide(app(), support, id, 'reject', { reason: 'support may not' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
  });

  it('moves the money of a double-clicked approval once: one ledger posting per part, one audit row', async () => {
    const { id } = await openWithdrawal('150');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const first = await decide(app(), finance, id, 'approve', { bankReference: `DBL-${id}` });
    const again = await decide(app(), finance, id, 'approve', { bankReference: `DBL-${id}` });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    const [posted] = await queryRows<{ n: number }>(
      app().db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference LIKE ${`withdraw:${id}:paid:%`}`,
    );
    expect(posted!.n).toBe(2);
    const [audited] = await queryRows<{ n: number }>(app().db, sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = ${id}`);
    expect(audited!.n).toBe(1);
    const other = await decide(app(), finance, id, 'approve', { bankReference: 'ANOTHER-REF' });
    expect([other.statusCode, other.json().error.code]).toEqual([409, 'ORDER_NOT_OPEN']);
  });
});
