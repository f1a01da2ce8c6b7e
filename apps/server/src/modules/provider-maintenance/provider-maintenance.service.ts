import { and, eq, gt, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { writeAudit } from '../../audit/audit.js';
import { providerMaintenance } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { jsonValue, statementOnce } from '../../db/client.js';
import type { MaintenanceRead, ProviderMaintenanceDependencies, ProviderMaintenanceService } from './provider-maintenance.types.js';

/** `fields.until`: when the maintenance ends, absent when staff will end it */
const inMaintenance = (provider: string, until: Date | null) =>
  new AppError('PROVIDER_MAINTENANCE', `${provider} is in maintenance`, until ? { provider, until: until.toISOString() } : { provider });

type Bound = string | SQL | Placeholder;
/** The provider's maintenance in force at `at`: `{ until }`, or null when it is open. */
const inForceOf = (agencyId: Bound, provider: Bound, at: Bound) =>
  sql`(SELECT json_build_object('until', m.until) FROM ${providerMaintenance} m
        WHERE m.agency_id = ${agencyId} AND m.provider = ${provider} AND (m.until IS NULL OR m.until > ${at})
        LIMIT 1)`;
/** `inForceOf` alone, built once (decision 187): each game launch and credit move asks it. */
const inForce = statementOnce<{ m: MaintenanceRead }>(
  'provider_maintenance_in_force',
  sql`SELECT ${inForceOf(sql.placeholder('agencyId'), sql.placeholder('provider'), sql`${sql.placeholder('at')}::timestamptz`)} AS m`,
);

export function createProviderMaintenanceService({ db, now }: ProviderMaintenanceDependencies): ProviderMaintenanceService {
  /** the rows in force: no end set, or an end still to come */
  const current = (agencyId: string) =>
    and(eq(providerMaintenance.agencyId, agencyId), or(isNull(providerMaintenance.until), gt(providerMaintenance.until, now())));

  const inForceSql = (agencyId: string, provider: string) => inForceOf(agencyId, provider, now().toISOString());

  function assertOpenRead(provider: string, read: MaintenanceRead) {
    const row = jsonValue<{ until: string | null } | null | undefined>(read);
    if (row) throw inMaintenance(provider, row.until === null ? null : new Date(row.until));
  }

  async function list(agencyId: string) {
    const rows = await db
      .select({ provider: providerMaintenance.provider, until: providerMaintenance.until })
      .from(providerMaintenance)
      .where(current(agencyId))
      .orderBy(providerMaintenance.provider);
    return rows.map((r) => ({ provider: r.provider, until: r.until?.toISOString() ?? null }));
  }

  return {
    list,

    async assertOpen(agencyId, provider) {
      const [row] = await inForce(db, { agencyId, provider, at: now().toISOString() });
      assertOpenRead(provider, row?.m);
    },
    inForceSql,
    assertOpenRead,

    async switchOff(actor, provider, until) {
      if (until && until <= now()) {
        throw new AppError('VALIDATION_FAILED', 'the end of a maintenance is a time to come', {
          until: 'maintenance.validation.until_past',
        });
      }
      const { agencyId, staffId } = actor.staff;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ until: providerMaintenance.until })
          .from(providerMaintenance)
          .where(and(current(agencyId), eq(providerMaintenance.provider, provider)));
        await tx
          .insert(providerMaintenance)
          .values({ agencyId, provider, until, staffId: staffId, createdAt: now() })
          .onConflictDoUpdate({
            target: [providerMaintenance.agencyId, providerMaintenance.provider],
            set: { until, staffId: staffId, createdAt: now() },
          });
        await writeAudit(tx, actor, {
          action: 'agency.provider_maintenance',
          entityType: 'provider',
          entityId: provider,
          before: before ? { maintenance: true, until: before.until?.toISOString() ?? null } : { maintenance: false },
          after: { maintenance: true, until: until?.toISOString() ?? null },
        });
      });
      return list(agencyId);
    },

    async switchOn(actor, provider) {
      const { agencyId } = actor.staff;
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(providerMaintenance)
          .where(and(current(agencyId), eq(providerMaintenance.provider, provider)))
          .returning({ until: providerMaintenance.until });
        if (!gone) throw notFound(`${provider} is not in maintenance`);
        await writeAudit(tx, actor, {
          action: 'agency.provider_maintenance_end',
          entityType: 'provider',
          entityId: provider,
          before: { maintenance: true, until: gone.until?.toISOString() ?? null },
          after: { maintenance: false },
        });
      });
      return list(agencyId);
    },
  };
}
