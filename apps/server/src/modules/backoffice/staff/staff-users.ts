import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { StaffRole } from '@app/contracts';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { staffUsers } from '../../../db/schema/index.js';
import { createPasswordHasher, type PasswordHasher } from '../../accounts/index.js';

export async function createStaffUser(
  db: Db,
  hasher: PasswordHasher,
  s: { agencyId: string; username: string; password: string; role: StaffRole; enrolWithPassword?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(staffUsers)
    .values({
      agencyId: s.agencyId,
      username: s.username,
      passwordHash: await hasher.hash(s.password),
      role: s.role,
      enrolWithPassword: s.enrolWithPassword ?? false,
    })
    .returning({ id: staffUsers.id });
  return row!.id;
}

/**
 * The demo agency's first owner: SEED_STAFF_USERNAME with SEED_STAFF_PASSWORD, or a random
 * password written to the log once, when the owner is created. An agency with an owner is left alone.
 * The one staff member who enrols a second factor with the password alone (decision 110): an
 * agency made by `npm run ops -- agency create` gets its owner by invitation instead.
 */
export async function seedStaff(db: Db, agencyId: string, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  const owners = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.agencyId, agencyId), eq(staffUsers.role, 'owner')))
    .limit(1);
  if (owners[0]) return;
  const password = config.SEED_STAFF_PASSWORD ?? randomBytes(12).toString('base64url');
  await createStaffUser(db, createPasswordHasher(config), {
    agencyId,
    username: config.SEED_STAFF_USERNAME,
    password,
    role: 'owner',
    enrolWithPassword: true,
  });
  if (config.SEED_STAFF_PASSWORD) log.info({ username: config.SEED_STAFF_USERNAME }, 'back office owner created');
  else log.warn(`back office owner "${config.SEED_STAFF_USERNAME}" created with password ${password} (shown once; change it)`);
}
