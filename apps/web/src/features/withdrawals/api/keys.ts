/** Query keys of the withdrawal feature; everything under ['withdrawals'] is refreshed after a change. */
export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  open: ['withdrawals', 'open'] as const,
  list: (page: number, pageSize: number) => ['withdrawals', 'list', page, pageSize] as const,
  one: (id: string) => ['withdrawals', 'one', id] as const,
};
