/**
 * What the soak runs against: two server instances on one PostgreSQL
 * database, a Redis of the harness's own (so that restarting it touches nobody else's), and a
 * round-robin front (a load balancer in miniature) that the players, the staff and the bank's
 * callbacks go through: a killed instance's share goes to the other.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import pg from 'pg';
import { createPostgresDatabase } from '../../apps/server/src/test/database.js';
import { ServerProcess } from '../../apps/server/src/test/server-process.js';

export { RedisProcess as Redis } from '../../apps/server/src/test/redis-process.js';

/** The front: each request to the next live instance; one that cannot be reached is skipped (502 when none). */
export class Front {
  private server: Server | null = null;
  private next = 0;
  constructor(
    readonly port: number,
    private readonly backends: () => ServerProcess[],
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    this.server = createServer((req, res) => void this.forward(req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  private async forward(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const live = this.backends().filter((b) => b.running);
    for (let i = 0; i < live.length; i++) {
      const backend = live[(this.next++ + i) % live.length]!;
      const answered = await new Promise<boolean>((resolve) => {
        const out = httpRequest(
          { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: req.headers, timeout: 60_000 },
          (upstream) => {
            res.writeHead(upstream.statusCode ?? 502, upstream.headers);
            upstream.pipe(res);
            upstream.on('end', () => resolve(true));
            upstream.on('error', () => {
              res.destroy();
              resolve(true);
            });
          },
        );
        // not connected at all: the next instance may take it; cut off after sending: unknown, the client decides
        out.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && !res.headersSent) resolve(false);
          else {
            res.destroy();
            resolve(true);
          }
        });
        out.end(body);
      });
      if (answered) return;
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"code":"NO_BACKEND"}}');
  }

  async stop() {
    await new Promise((r) => this.server?.close(r));
  }
}

/** A fresh PostgreSQL database for the servers and one for the sandbox, on the server of `adminUrl`. */
export async function freshDatabases(adminUrl: string) {
  const server = await createPostgresDatabase(adminUrl);
  const sandbox = await createPostgresDatabase(adminUrl);
  return {
    serverUrl: server.url,
    sandboxUrl: sandbox.url,
    async drop() {
      await server.drop();
      await sandbox.drop();
    },
  };
}

/** Ends every connection of the servers to their database (pg_terminate_backend); answers how many. */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const res = await admin.query<{ n: string }>(
      'SELECT count(pg_terminate_backend(pid))::text AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await admin.end();
  }
}
