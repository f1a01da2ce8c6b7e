import { createFileRoute } from '@tanstack/react-router';
import { ReconciliationPage } from '../../features/reconciliation/components/reconciliation-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/reconciliation')({
  beforeLoad: onlyFor('/reconciliation'),
  component: ReconciliationPage,
});
