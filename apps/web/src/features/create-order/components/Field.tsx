import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'> {
  id: string;
  label: string;
  /** What react-hook-form's register() returned for this input. */
  field: UseFormRegisterReturn;
  hint?: string;
  error?: string;
  /** Unit shown inside the input on the right (₽, BTC, min). */
  suffix?: string;
}

/** A labelled input with hint, error (announced, linked by aria-describedby) and unit. */
export function Field({ id, label, field, hint, error, suffix, type, ...rest }: FieldProps) {
  // The error replaces the hint: both at once say the same thing twice.
  const shownHint = error ? undefined : hint;
  const described =
    [shownHint ? `${id}-h` : null, error ? `${id}-e` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="amount-input">
        <input
          id={id}
          className="input num"
          type={type ?? 'text'}
          inputMode={type === 'number' ? 'numeric' : 'decimal'}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...rest}
          {...field}
        />
        {suffix ? (
          <span className="amount-input__sign" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
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
