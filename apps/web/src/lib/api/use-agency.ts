import { useSuspenseQuery } from '@tanstack/react-query';
import { agencyInfoQueryOptions, type Agency } from './agency-info';

/**
 * For components under the root layout, which renders only once the agency is known. Its own module: the
 * root route's loader brings agency-info.ts into the entry, and no component of the entry reads the agency
 * (useSuspenseQuery stays out of it, docs/decisions/185).
 */
export function useAgency(): Agency {
  return useSuspenseQuery(agencyInfoQueryOptions()).data.agency;
}
