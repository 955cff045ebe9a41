import type { ReactNode } from 'react';

/** What the framed control must carry so its hint or error is announced with it. */
export interface FieldControlProps {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string | undefined;
  /** Shown under the control, announced, and linked by aria-describedby; replaces the hint. */
  error?: string | null | undefined;
  /** Renders the control (input with its addon or unit) given its accessibility props. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and error around one form control: the single shape of every text field. */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  // The error replaces the hint: both at once say the same thing twice.
  const shownHint = error ? undefined : hint;
  const describedBy =
    [shownHint ? `${id}-h` : null, error ? `${id}-e` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {shownHint ? (
        <p id={`${id}-h`} className="field__hint">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-e`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
