import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS, dismissToast, getToasts, toast } from './toast-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (SPEC.md §4, §9)', () => {
  it('keeps at most one: a new toast replaces the old', () => {
    toast({ title: 'first' });
    const id = toast({ title: 'second' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id, title: 'second', open: true });
  });

  it('removes a dismissed toast 1,000,000 ms later, not before', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'bye' });
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts().map((t) => t.id)).toContain(id);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((t) => t.id)).not.toContain(id);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
