import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementsPage } from '../../features/announcements/components/announcements-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/announcements')({ beforeLoad: onlyFor('/announcements'), component: AnnouncementsPage });
