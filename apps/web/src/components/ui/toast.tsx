import { useSyncExternalStore } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, dismissToast, getToasts, subscribeToasts, type ToastVariant } from './toast-store';

export { toast, dismissToast, toastError, toastSuccess, errorKey } from './toast-store';
export type { ToastInput, ToastVariant } from './toast-store';

const VARIANTS: Record<ToastVariant, string> = {
  default: 'border-slate-600 bg-slate-800',
  success: 'border-emerald-500/60 bg-emerald-950',
  error: 'border-red-500/60 bg-red-950',
};

/** Mount once, in the app shell. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label={t('toast.notifications')}
    >
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 text-slate-100 shadow-2xl',
            'data-[state=closed]:animate-[fade-out_150ms] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            VARIANTS[item.variant ?? 'default'],
          )}
        >
          <div className="flex flex-col gap-1">
            <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
            {item.description && <RadixToast.Description className="text-sm text-slate-200">{item.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close
            aria-label={t('toast.close')}
            className="absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-300 hover:bg-white/10"
          >
            <svg
              viewBox="0 0 24 24"
              className="h-4 w-4"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        hotkey={['F8']}
        label={`${t('toast.notifications')} ({hotkey})`}
        // phones: above the bottom bar, never over the page heading or a dialog's title
        className="fixed right-0 bottom-20 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none min-[577px]:top-16 min-[577px]:bottom-auto"
      />
    </RadixToast.Provider>
  );
}
