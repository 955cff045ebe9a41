import type { InputHTMLAttributes, ReactNode } from 'react';

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** Shown under the input, announced, and linked by aria-describedby. */
  error?: string | null;
  /** Beside the input on the right (a Max button, a unit). */
  addon?: ReactNode;
}

/** A controlled labelled input with its hint or error (the error replaces the hint). */
export function InputField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  addon,
  className,
  ...rest
}: InputFieldProps) {
  const shownHint = error ? undefined : hint;
  const described =
    [shownHint ? `${id}-h` : null, error ? `${id}-e` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="input-row">
        <input
          id={id}
          className={`input ${className ?? ''}`.trim()}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...rest}
        />
        {addon}
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
