import { onlineManager } from '@tanstack/react-query';

/**
 * While a call that ends the session is in flight, and after it succeeded, nothing else may fetch:
 * a background refetch or a preload would meet a 401 and race the page's own reload to /login.
 * TanStack Query pauses every query while "offline"; these calls themselves run with
 * networkMode 'always'.
 */
export const sessionEndingMutation = {
  networkMode: 'always',
  onMutate: () => onlineManager.setOnline(false),
  onError: () => onlineManager.setOnline(true),
} as const;
