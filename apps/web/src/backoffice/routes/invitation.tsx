import { createFileRoute } from '@tanstack/react-router';
import { Invitation } from '../features/auth/components/invitation-page';

/** Public: the link an owner or `npm run ops` gives a new staff member (decision 110). */
export const Route = createFileRoute('/invitation')({ component: Invitation });
