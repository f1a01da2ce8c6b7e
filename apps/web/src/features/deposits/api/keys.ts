/** Query keys of the deposit feature; everything under ['deposits'] is refreshed after a change. */
export const depositKeys = {
  all: ['deposits'] as const,
  open: ['deposits', 'open'] as const,
  one: (id: string) => ['deposits', 'order', id] as const,
  qr: (id: string) => ['deposits', 'qr', id] as const,
  list: (page: number, pageSize: number) => ['deposits', 'list', page, pageSize] as const,
};
