import type { Announcement, AnnouncementBody } from '@app/contracts';
import type { StaffActor } from '../../audit/audit.js';
import type { ServiceDependencies } from '../service-dependencies.js';

export interface AnnouncementsDependencies extends Pick<ServiceDependencies, 'db'> {
  /** the clock that starts and ends an announcement's window */
  now: () => Date;
}

/** Messages an agency's staff show to its players as a banner (decision 174). */
export interface AnnouncementsService {
  /** the agency's announcements shown now (start passed, end to come) */
  active(agencyId: string): Promise<Announcement[]>;
  /** staff: those shown now or to come, then those ended in the last 30 days */
  list(agencyId: string): Promise<Announcement[]>;
  /** staff create one; its end must be to come; audited */
  create(actor: StaffActor, body: AnnouncementBody): Promise<Announcement>;
  /** staff change one that has not ended; audited; 404 outside the agency, 409 once ended */
  update(actor: StaffActor, id: string, body: AnnouncementBody): Promise<Announcement>;
  /** staff end one being shown now (its end becomes now); audited; 409 when it is not being shown */
  end(actor: StaffActor, id: string): Promise<Announcement>;
  /** staff delete one; audited (the log keeps its texts) */
  remove(actor: StaffActor, id: string): Promise<void>;
}
