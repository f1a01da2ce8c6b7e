import { createFileRoute } from '@tanstack/react-router';
import { StaffLogin } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({ component: StaffLogin });
