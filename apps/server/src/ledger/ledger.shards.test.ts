import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ensureAccount, HOUSE_SHARDS, houseAccount, houseShard } from './ledger.js';
import { useLedgerDatabase } from './ledger.test-helpers.js';

const t = useLedgerDatabase();

describe('ledger: house account shards', () => {
  it('spreads players over every house shard, the same shard for the same player', async () => {
    const counts = new Array<number>(HOUSE_SHARDS).fill(0);
    for (let i = 0; i < 200 * HOUSE_SHARDS; i++) {
      const id = randomUUID();
      const shard = houseShard(id);
      expect(houseShard(id)).toBe(shard);
      counts[shard]!++;
    }
    // 200 expected per shard; a uniform spread stays far inside these bounds
    for (const c of counts) expect(c).toBeGreaterThan(120);
    for (const c of counts) expect(c).toBeLessThan(280);
  });

  it("gives a player's postings the house account copy of the player's shard, and refuses a split payable or player account", async () => {
    const player = randomUUID();
    const a = await houseAccount(t.db, { agencyId: t.agencyId, playerId: player, type: 'EXCHANGE', currency: 'THB' });
    expect(await houseAccount(t.db, { agencyId: t.agencyId, playerId: player, type: 'EXCHANGE', currency: 'THB' })).toBe(a);
    const other = await ensureAccount(t.db, {
      agencyId: t.agencyId,
      type: 'EXCHANGE',
      currency: 'THB',
      shard: (houseShard(player) + 1) % HOUSE_SHARDS,
    });
    expect(other).not.toBe(a);
    await expect(
      t.db.execute(
        sql`INSERT INTO ledger_accounts (agency_id, type, currency, shard) VALUES (${t.agencyId}, 'WITHDRAWALS_PAYABLE', 'THB', 3)`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`INSERT INTO ledger_accounts (agency_id, type, currency, player_id, provider_id, shard) VALUES (${t.agencyId}, 'PLAYER_CREDIT', 'THB', ${randomUUID()}, 'gclub', 1)`,
      ),
    ).rejects.toThrow();
  });
});
