import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/settings')({ beforeLoad: onlyFor('/settings'), component: SettingsPage });
