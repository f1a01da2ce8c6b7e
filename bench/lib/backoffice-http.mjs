// The back-office bench's HTTP side: the server started as in production with its request log read
// back, one kept-alive client, and the seeded owner signed in with its second factor.
import { createInterface } from 'node:readline';
import { generate, generateSecret } from 'otplib';
import { Agent, request } from 'undici';
import { startNode } from './proc.mjs';

// cheap password hashing: the one login of the run (the filled players and staff never log in)
const ARGON2 = { memoryCost: 1024, timeCost: 1 };

/**
 * The server, as in production (LOG_LEVEL info: Fastify logs each request's own time, read back here);
 * `staffPassword` is the seeded owner's.
 */
export function startServer(port, { dbUrl, staffPassword }, extra = {}) {
  const child = startNode(
    'apps/server/src/server.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      SEED_STAFF_PASSWORD: staffPassword,
      API_DOCS_ENABLED: 'true',
      RATE_LIMIT_ENABLED: 'false',
      ARGON2_MEMORY_KIB: String(ARGON2.memoryCost),
      ARGON2_ITERATIONS: String(ARGON2.timeCost),
      // nothing is due: the fill writes no jobs, and the sweeps would race the filled open orders
      WORKER_ENABLED: 'false',
      WEB_DIST: '/nonexistent',
      ...extra,
    },
    { stdout: 'pipe' },
  );
  // each request's own time as Fastify logs it ("request completed", responseTime), by its URL
  const urls = new Map();
  const times = new Map();
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (entry.msg === 'incoming request') urls.set(entry.reqId, entry.req?.url);
    else if (entry.msg === 'request completed' && urls.has(entry.reqId)) {
      const url = urls.get(entry.reqId);
      urls.delete(entry.reqId);
      if (!times.has(url)) times.set(url, []);
      times.get(url).push(entry.responseTime);
    }
  });
  return { child, times };
}

export const client = new Agent({ keepAliveTimeout: 30_000, connections: 1 });

export async function call(base, path, { method = 'GET', cookie, body } = {}) {
  const res = await request(`${base}/api${path}`, {
    method,
    dispatcher: client,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      // the server refuses a state-changing call from another origin (decision 041)
      ...(method !== 'GET' ? { origin: base } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

const cookieOf = (res) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .filter((c) => c.startsWith('staff_sid=') && !c.startsWith('staff_sid=;'))
    .pop()
    ?.split(';')[0];

/** The seeded owner, signed in with the password and a TOTP code from the secret set on it. */
export async function signIn(db, base, staffPassword) {
  const secret = generateSecret();
  await db.query(
    `UPDATE staff_users SET totp_secret = $1, totp_enabled_at = now(), totp_last_step = NULL WHERE role = 'owner' AND username = 'owner'`,
    [secret],
  );
  const login = await call(base, '/v2/backoffice/login', { method: 'POST', body: { username: 'owner', password: staffPassword } });
  if (login.status !== 200) throw new Error(`staff login: ${login.status} ${login.text}`);
  const code = await generate({ secret });
  const second = await call(base, '/v2/backoffice/login/second-factor', { method: 'POST', cookie: cookieOf(login), body: { code } });
  if (second.status !== 200) throw new Error(`second factor: ${second.status} ${second.text}`);
  return cookieOf(second);
}
