import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { staffUsers } from '../../../db/schema/index.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffPasswordOnly, totpCode } from '../../../test/staff.js';

/** The second factor's codes under the login rules (plugins/login-throttle.ts), their own keys (decision 049). */
const limited = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'true' });

describe('wrong codes are throttled', () => {
  it('refuses a client after 5 wrong codes on one staff member, and the right code too while refused', async () => {
    const a = limited.ctx.app;
    const secret = generateSecret();
    const staff = await staffPasswordOnly(a, limited.agencyId(), 'finance');
    await a.db.update(staffUsers).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(staffUsers.id, staff.id));
    a.sessionCaches.get('staff')?.ended(staff.id);
    const send = (code: string) =>
      a.inject({
        method: 'POST',
        url: '/api/v2/backoffice/login/second-factor',
        headers: { host: 'localhost', cookie: staff.cookie },
        payload: { code },
      });
    const right = await totpCode(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await send(wrong)).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await send(right)).statusCode).toBe(429);
  });
});
