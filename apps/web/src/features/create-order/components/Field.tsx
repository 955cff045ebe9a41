import type { InputHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  /** Unit shown inside the input on the right (₽, BTC, мин). */
  suffix?: string;
}

/** A labelled input with hint, error (announced, linked by aria-describedby) and unit. */
export function Field({ id, label, value, onChange, hint, error, suffix, type, ...rest }: FieldProps) {
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
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
          {...rest}
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
        <p id={`${id}-e`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
