import { createFileRoute } from '@tanstack/react-router';
import { AlertIcon } from '@/components/ui/more-icons';
import { attentionKindSchema, type AttentionKind } from '@app/contracts';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { AttentionPage } from '../../features/attention/components/attention-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/attention')({
  ...screen({ label: 'nav.attention', icon: AlertIcon, roles: MONEY_ROLES, order: 30 }),
  // the list shown is in the address, so a reload (or a link from the dashboard) keeps it
  validateSearch: (search: Record<string, unknown>): { kind?: AttentionKind } => {
    const kind = attentionKindSchema.safeParse(search.kind);
    return kind.success ? { kind: kind.data } : {};
  },
  component: AttentionPage,
});
