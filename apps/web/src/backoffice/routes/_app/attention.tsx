import { createFileRoute } from '@tanstack/react-router';
import { attentionKindSchema, type AttentionKind } from '@app/contracts';
import { AttentionPage } from '../../features/attention/components/attention-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/attention')({
  beforeLoad: onlyFor('/attention'),
  // the list shown is in the address, so a reload (or a link from the dashboard) keeps it
  validateSearch: (search: Record<string, unknown>): { kind?: AttentionKind } => {
    const kind = attentionKindSchema.safeParse(search.kind);
    return kind.success ? { kind: kind.data } : {};
  },
  component: AttentionPage,
});
