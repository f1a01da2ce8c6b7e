import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** the already translated error text; shown in red and announced */
  error?: string;
  /** help text under the control */
  hint?: ReactNode;
  className?: string;
  /** one control (Input, Select trigger, …); it receives id and aria attributes */
  children: ReactElement<ControlProps>;
}

/** A label, one control and its error text, wired together for screen readers. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const controlId = children.props.id ?? id;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {cloneElement(children, { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
