import { createFileRoute } from '@tanstack/react-router';
import { StaffUsers } from '../../features/staff-users/components/staff-users-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/staff')({ beforeLoad: onlyFor('/staff'), component: StaffUsers });
