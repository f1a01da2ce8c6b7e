/** Query keys of the deposits needing attention; an action reads everything under `all` again. */
export const attentionKeys = { all: ['backoffice', 'attention'] as const };

/** Deposits needing attention (decision 059): asked again this often, as the withdrawal queue is. */
export const ATTENTION_REFRESH_MS = 15_000;
