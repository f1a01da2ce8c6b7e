import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PlayerReportResponse, PlayerReportSort } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

const PAGE = 25;

export interface PlayerReportParams {
  from: string;
  to: string;
  /** a username prefix, '' for every player */
  q: string;
  sort: PlayerReportSort;
}

export const getPlayerReport = ({ from, to, q, sort }: PlayerReportParams, cursor: string) =>
  staffApi<PlayerReportResponse>(
    `/v2/backoffice/reports/players?${new URLSearchParams({ from, to, q, sort, limit: String(PAGE), ...(cursor ? { cursor } : {}) })}`,
  );

/** Per player by net, one keyset page after another ("more" appends the next). */
export const playerReportQueryOptions = (params: PlayerReportParams) =>
  infiniteQueryOptions({
    queryKey: ['backoffice', 'reports', 'players', params],
    queryFn: ({ pageParam }) => getPlayerReport(params, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
