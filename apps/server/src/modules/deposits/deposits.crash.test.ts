import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { depositOrders } from '../../db/schema/index.js';
import { checkLedger } from '../../ledger/check.js';
import { playerCredit } from '../../ledger/ledger.js';
import { bankCallbacks, payLaoQr } from '../../test/bank.js';
import { createPostgresDatabase } from '../../test/database.js';
import { HttpPlayer } from '../../test/http-player.js';
import { startSandbox, type TestSandbox } from '../../test/sandbox.js';
import { freePort, ServerProcess } from '../../test/server-process.js';

/**
 * docs/decisions/060-short-leases.md: the real server as its own process, 30
 * deposits paid, the process SIGKILLed a few ms later and started again at once. Every paid order is
 * credited within 15 s of the restart: a callback acknowledged before the kill was written with its
 * order's confirmation job; one cut off is sent again by the bank; a transfer the dead process was
 * dispatching is taken over once its 5 s lease lapses.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, as `.ci/run`'s `npm test` sets it): the killed process and the one that
 * replaces it share one database server, which the embedded PGlite of one process cannot be.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const DEPOSITS = 30;
const CREDIT_WITHIN_MS = 15_000;

describe.skipIf(!serverUrl)('a server killed right after 30 payments (PostgreSQL only: PGlite cannot outlive its process)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  }, 180_000);
  afterAll(() => sandbox?.close());

  for (const killAfterMs of [5, 150]) {
    it(`SIGKILL ${killAfterMs} ms after the payments: all ${DEPOSITS} PAID and credited within 15 s of the restart`, async () => {
      const fresh = await createPostgresDatabase(serverUrl!);
      const port = await freePort();
      const server = new ServerProcess(port, {
        DATABASE_URL: fresh.url,
        SANDBOX_URL: sandbox.url,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ENABLED: 'false',
        WEB_DIST: '/nonexistent',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_ITERATIONS: '1',
      });
      let database: Database | null = null;
      const startedAt = new Date().toISOString();
      try {
        await server.start();
        const players = await Promise.all(Array.from({ length: DEPOSITS }, () => new HttpPlayer(server.url).register()));
        const orders = await Promise.all(
          players.map(async (p) => {
            const res = await p.call('POST', '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: '100000' });
            expect(res.status, JSON.stringify(res.json)).toBe(201);
            const qr = await p.call('GET', `/v2/deposits/${res.field('order.id')}/qr`);
            return { id: res.field('order.id'), payload: qr.field('payload'), player: p };
          }),
        );
        await Promise.all(orders.map((o) => payLaoQr(sandbox.url, o.payload)));
        await new Promise((r) => setTimeout(r, killAfterMs));
        await server.kill('SIGKILL');
        const killedAt = Date.now();
        await server.start();
        const readyAt = Date.now();

        database = await openDatabase({ url: fresh.url, poolSize: 2 });
        const db = database.db;
        const ids = orders.map((o) => o.id);
        let statuses: string[] = [];
        while (Date.now() - readyAt < CREDIT_WITHIN_MS) {
          statuses = (await db.select({ status: depositOrders.status }).from(depositOrders).where(inArray(depositOrders.id, ids))).map(
            (r) => r.status,
          );
          if (statuses.every((s) => s === 'SUCCESS')) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const creditedAfterMs = Date.now() - readyAt;
        const acknowledgedBeforeKill = (await bankCallbacks(sandbox.url)).filter(
          (d) => d.at >= startedAt && d.status !== null && d.status >= 200 && d.status < 300 && Date.parse(d.at) <= killedAt,
        ).length;
        console.info(
          `crash ${killAfterMs} ms: ${acknowledgedBeforeKill} callbacks acknowledged before the kill; all credited ${creditedAfterMs} ms after the restart was ready`,
        );
        expect(
          statuses.filter((s) => s !== 'SUCCESS'),
          server.log,
        ).toEqual([]);
        expect(await checkLedger(db)).toEqual([]);
        const [{ agencyId }] = (await db.select({ agencyId: depositOrders.agencyId }).from(depositOrders).limit(1)) as [
          { agencyId: string },
        ];
        for (const o of orders) {
          const atProvider = await sandbox.providerBalance('gclub', o.player.playerId);
          expect(atProvider).toBe(14_492n);
          expect(await playerCredit(db, agencyId, o.player.playerId, 'gclub')).toBe(atProvider);
        }
      } finally {
        await server.kill('SIGKILL');
        await database?.close();
        await fresh.drop();
      }
    });
  }
});
