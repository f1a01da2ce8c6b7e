import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Announcement, AnnouncementBody } from '@app/contracts';
import { writeAudit } from '../../audit/audit.js';
import { announcements } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { AnnouncementsDependencies, AnnouncementsService } from './announcements.types.js';

type Row = typeof announcements.$inferSelect;

/** how long an ended announcement stays on the staff's list */
const ENDED_LISTED_MS = 30 * 86_400_000;
/** at most this many banners at once: more would push the page below the fold */
const ACTIVE_LIMIT = 3;

const toAnnouncement = (r: Row): Announcement => ({
  id: r.id,
  texts: { lo: r.textLo, cn: r.textCn, vn: r.textVn, th: r.textTh },
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});

const columns = (b: AnnouncementBody) => ({
  textLo: b.texts.lo,
  textCn: b.texts.cn,
  textVn: b.texts.vn,
  textTh: b.texts.th,
  startsAt: new Date(b.startsAt),
  endsAt: new Date(b.endsAt),
});

const ended = () => new AppError('CONFLICT', 'this announcement has ended', { id: 'announcements.validation.ended' });

export function createAnnouncementsService({ db, now }: AnnouncementsDependencies): AnnouncementsService {
  const mine = (agencyId: string, id: string) => and(eq(announcements.agencyId, agencyId), eq(announcements.id, id));

  function assertEndToCome(body: AnnouncementBody) {
    if (Date.parse(body.endsAt) <= now().getTime()) {
      throw new AppError('VALIDATION_FAILED', 'the end of an announcement is a time to come', {
        endsAt: 'announcements.validation.ends_past',
      });
    }
  }

  return {
    async active(agencyId) {
      const at = now();
      const rows = await db
        .select()
        .from(announcements)
        .where(and(eq(announcements.agencyId, agencyId), lte(announcements.startsAt, at), gt(announcements.endsAt, at)))
        .orderBy(desc(announcements.startsAt))
        .limit(ACTIVE_LIMIT);
      return rows.map(toAnnouncement);
    },

    async list(agencyId) {
      const rows = await db
        .select()
        .from(announcements)
        .where(and(eq(announcements.agencyId, agencyId), gt(announcements.endsAt, new Date(now().getTime() - ENDED_LISTED_MS))))
        .orderBy(desc(announcements.endsAt))
        .limit(100);
      return rows.map(toAnnouncement);
    },

    async create(actor, body) {
      assertEndToCome(body);
      const { agencyId, staffId } = actor.staff;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(announcements)
          .values({ agencyId, staffId, ...columns(body), createdAt: now(), updatedAt: now() })
          .returning();
        const created = toAnnouncement(row!);
        await writeAudit(tx, actor, { action: 'announcement.create', entityType: 'announcement', entityId: created.id, after: created });
        return created;
      });
    },

    async update(actor, id, body) {
      assertEndToCome(body);
      const { agencyId, staffId } = actor.staff;
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(announcements).where(mine(agencyId, id)).for('update');
        if (!before) throw notFound('no such announcement');
        if (before.endsAt <= now()) throw ended();
        const [row] = await tx
          .update(announcements)
          .set({ ...columns(body), staffId, updatedAt: now() })
          .where(mine(agencyId, id))
          .returning();
        const after = toAnnouncement(row!);
        await writeAudit(tx, actor, {
          action: 'announcement.update',
          entityType: 'announcement',
          entityId: id,
          before: toAnnouncement(before),
          after,
        });
        return after;
      });
    },

    async end(actor, id) {
      const { agencyId, staffId } = actor.staff;
      const at = now();
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(announcements).where(mine(agencyId, id)).for('update');
        if (!before) throw notFound('no such announcement');
        if (before.endsAt <= at) throw ended();
        if (before.startsAt > at) {
          throw new AppError('CONFLICT', 'this announcement has not started: delete it instead', {
            id: 'announcements.validation.not_started',
          });
        }
        const [row] = await tx.update(announcements).set({ endsAt: at, staffId, updatedAt: at }).where(mine(agencyId, id)).returning();
        const after = toAnnouncement(row!);
        await writeAudit(tx, actor, {
          action: 'announcement.end',
          entityType: 'announcement',
          entityId: id,
          before: toAnnouncement(before),
          after,
        });
        return after;
      });
    },

    async remove(actor, id) {
      const { agencyId } = actor.staff;
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(announcements).where(mine(agencyId, id)).returning();
        if (!gone) throw notFound('no such announcement');
        await writeAudit(tx, actor, {
          action: 'announcement.delete',
          entityType: 'announcement',
          entityId: id,
          before: toAnnouncement(gone),
        });
      });
    },
  };
}
