import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '@/lib/return-focus';
import { cn } from './cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  title: ReactNode;
  /** visually hidden when `hideDescription`; Radix wants one for screen readers */
  description?: ReactNode;
  hideDescription?: boolean;
  children?: ReactNode;
  className?: string;
  /** the × button in the corner (an accessible name is always given) */
  showClose?: boolean;
  /** where the focus goes on close when the element that opened the dialog is gone (a selector) */
  returnFocusTo?: string;
}

/** A centred modal dialog with its title, optional description and a labelled close button. */
export function DialogContent({
  title,
  description,
  hideDescription = false,
  children,
  className,
  showClose = true,
  returnFocusTo,
}: DialogContentProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(returnFocusTo);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70 data-[state=open]:animate-[fade-in_150ms]" />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
          'max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-slate-700 bg-slate-900 p-5 text-slate-100 shadow-2xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...returnFocus}
      >
        <RadixDialog.Title className="pr-8 text-lg font-semibold text-white">{title}</RadixDialog.Title>
        {description && (
          <RadixDialog.Description className={hideDescription ? 'sr-only' : 'mt-1 text-sm text-slate-300'}>
            {description}
          </RadixDialog.Description>
        )}
        <div className="mt-4">{children}</div>
        {showClose && (
          <RadixDialog.Close
            aria-label={t('actions.close')}
            className="absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-300"
          >
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** Buttons at the bottom of a dialog, stacked on phones. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>{children}</div>;
}
