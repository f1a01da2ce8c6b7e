/** Query keys of the withdrawal queue; a decision reads everything under `open` again. */
export const withdrawalKeys = {
  open: ['backoffice', 'withdrawals', 'OPEN'] as const,
  one: (id: string) => ['backoffice', 'withdrawal', id] as const,
};

/** New withdrawals appear without a reload: the queue and its count are asked again this often. */
export const QUEUE_REFRESH_MS = 5_000;
