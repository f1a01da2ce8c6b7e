import { createFileRoute } from '@tanstack/react-router';
import { MyAccount } from '../../features/auth/components/password-page';

export const Route = createFileRoute('/_app/password')({ component: MyAccount });
