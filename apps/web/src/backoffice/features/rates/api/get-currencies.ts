import { queryOptions } from '@tanstack/react-query';
import type { StaffCurrency } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { rateKeys } from './keys';

export const getCurrencies = () => staffApi<{ currencies: StaffCurrency[]; rateChangeBoundPercent: number }>('/v2/backoffice/currencies');

export const currenciesQueryOptions = () => queryOptions({ queryKey: rateKeys.all, queryFn: getCurrencies });
