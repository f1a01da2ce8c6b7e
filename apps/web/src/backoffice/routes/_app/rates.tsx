import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { WalletIcon } from '@/components/ui/more-icons';
import { RatesPage } from '../../features/rates/components/rates-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/rates')({
  ...screen({ label: 'nav.rates', icon: WalletIcon, roles: MONEY_ROLES, order: 60 }),
  component: RatesPage,
});
