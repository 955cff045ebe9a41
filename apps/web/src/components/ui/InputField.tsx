import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from './FieldFrame';

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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <div className="input-row">
          <input
            id={id}
            className={`input ${className ?? ''}`.trim()}
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            {...control}
            {...rest}
          />
          {addon}
        </div>
      )}
    </FieldFrame>
  );
}
