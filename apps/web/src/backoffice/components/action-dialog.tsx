import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CallError } from './call-error';

export interface ActionDialogProps {
  /** the button that opens it */
  label: string;
  variant?: ButtonVariant;
  testId: string;
  title: string;
  description?: string;
  /** a value staff type first (a bank reference), then confirm; without it the dialog only confirms */
  input?: { label: string; maxLength: number; required: string };
  /** ready-made values for the input (an agency's preset reasons): a press fills the input, still editable */
  choices?: { label: string; values: readonly string[] };
  /** what to judge the action by, shown above the form at both steps (loaded when the dialog opens) */
  aside?: ReactNode;
  /** what will happen, with the value typed, shown before the last press */
  confirmText: (value: string) => string;
  confirmLabel: string;
  /**
   * the action's mutation: running (the confirm button shows it and takes no second press), how it
   * failed (shown in the dialog), and forgotten when the dialog closes
   */
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  /** the call (the mutation's mutateAsync with the value): the dialog closes when it succeeds, shows its error when it fails */
  run: (value: string) => Promise<unknown>;
  /** the dialog's width (the default one is narrow) */
  className?: string;
  /** where the focus goes on close when the button that opened it is gone (a selector) */
  returnFocusTo?: string;
}

/**
 * An action in two steps (money, or what players see): the value (if any), then a confirmation
 * that says what will happen.
 * The confirm button is disabled while the call runs, and the server answers a repeat alike anyway
 * (decisions 054, 059): a second press never moves money twice. A failure stays in the dialog,
 * with its reason.
 */
export function ActionDialog(p: ActionDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(!p.input);
  const [missing, setMissing] = useState(false);
  // set at the press itself, before any re-render: a double click sends one call
  const busy = useRef(false);
  const trimmed = value.trim();

  const close = () => {
    setOpen(false);
    setValue('');
    setConfirming(!p.input);
    setMissing(false);
    p.mutation.reset();
  };
  // no closing while the call runs: its outcome is shown here
  const openChange = (next: boolean) => (next ? setOpen(true) : !busy.current && close());

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <Button variant={p.variant ?? 'primary'} size="sm" onClick={() => setOpen(true)} data-testid={p.testId}>
        {p.label}
      </Button>
      <DialogContent title={p.title} description={p.description} returnFocusTo={p.returnFocusTo} className={p.className}>
        {p.aside}
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!confirming) {
              if (!trimmed) return setMissing(true);
              return setConfirming(true);
            }
            if (busy.current || p.mutation.isPending) return;
            busy.current = true;
            p.run(trimmed).then(
              () => {
                busy.current = false;
                close();
              },
              () => {
                busy.current = false;
              },
            );
          }}
        >
          {!confirming && p.input && p.choices && p.choices.values.length > 0 && (
            <fieldset className="flex flex-col gap-2" data-testid={`${p.testId}-choices`}>
              <legend className="mb-2 text-sm text-slate-300">{p.choices.label}</legend>
              <div className="flex flex-wrap gap-2">
                {p.choices.values.map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    aria-pressed={trimmed === choice}
                    onClick={() => {
                      setValue(choice);
                      setMissing(false);
                    }}
                    className="rounded-full border border-slate-600 px-3 py-1.5 text-left text-sm text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300 aria-pressed:border-amber-400 aria-pressed:bg-amber-500/15"
                  >
                    {choice}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {!confirming && p.input ? (
            <Field label={p.input.label} error={missing ? p.input.required : undefined}>
              <Input
                value={value}
                maxLength={p.input.maxLength}
                autoComplete="off"
                onChange={(e) => {
                  setValue(e.target.value);
                  setMissing(false);
                }}
                data-testid={`${p.testId}-input`}
              />
            </Field>
          ) : (
            <p
              className="rounded-lg border border-slate-700 bg-slate-800/60 p-3 text-sm break-words"
              data-testid={`${p.testId}-confirm-text`}
            >
              {p.confirmText(trimmed)}
            </p>
          )}
          <CallError error={p.mutation.error} reason testId={`${p.testId}-error`} />
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={p.mutation.isPending}
              onClick={() => (confirming && p.input ? setConfirming(false) : openChange(false))}
            >
              {confirming && p.input ? t('actions.back') : t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant={p.variant ?? 'primary'}
              loading={p.mutation.isPending}
              data-testid={confirming ? `${p.testId}-confirm` : `${p.testId}-next`}
            >
              {confirming ? p.confirmLabel : t('actions.next')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
