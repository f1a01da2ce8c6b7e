import { createFileRoute } from '@tanstack/react-router';
import { RatesPage } from '../../features/rates/components/rates-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/rates')({ beforeLoad: onlyFor('/rates'), component: RatesPage });
