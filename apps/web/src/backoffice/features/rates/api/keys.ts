/** Query keys of the rates; a change reads everything under `all` again. */
export const rateKeys = {
  all: ['backoffice', 'currencies'] as const,
  history: (id: string) => ['backoffice', 'currencies', id, 'history'] as const,
};
