// The game providers' ids with no zod: the site's route files (not split from the first bundle) check a
// `?provider=` search parameter with it (imported as `@app/contracts/providers`).

export const PROVIDER_IDS = ['alphabet', 'askmebet', 'gclub', 'gclub_live', 'betflix'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

/** The providers whose credit the money forms offer, in the order their select lists them (SPEC.md §3). */
export const CREDIT_PROVIDERS = ['gclub', 'gclub_live', 'askmebet', 'alphabet', 'betflix'] as const satisfies readonly ProviderId[];
