import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/** SPEC.md §4 and §9. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** ms before it closes itself; defaults to 5000 */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

type Listener = (toasts: readonly ToastItem[]) => void;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly ToastItem[]) {
  toasts = next;
  for (const l of listeners) l(toasts);
}

/** A dismissed toast stays in the list (closed) for a while, so its exit animation never cuts short. */
function scheduleRemoval(id: number) {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast; at most one is kept, so a new one replaces the old. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id?: number) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** The key in the errors namespace for any thrown value. */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError) return `errors:${error.code}`;
  return 'errors:UNKNOWN';
}

/** A red toast with the translated server error (`errors:<CODE>`). */
export function toastError(error: unknown, title?: string): number {
  return toast({ variant: 'error', title: title ?? i18n.t('common:toast.error'), description: i18n.t(errorKey(error)) });
}

export function toastSuccess(title: string, description?: string): number {
  return toast({ variant: 'success', title, description });
}
