import { createFileRoute } from '@tanstack/react-router';
import { PromotionsPage } from '../../../features/promotions/components/list-page';
import { onlyFor } from '../../../lib/access';

export const Route = createFileRoute('/_app/promotions/')({ beforeLoad: onlyFor('/promotions'), component: PromotionsPage });
