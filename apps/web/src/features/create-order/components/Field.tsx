import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFrame } from '@/components/ui/FieldFrame';

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

/** A labelled amount input bound to react-hook-form, with hint, error and unit. */
export function Field({ id, label, field, hint, error, suffix, type, ...rest }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <div className="amount-input">
          <input
            id={id}
            className="input num"
            type={type ?? 'text'}
            inputMode={type === 'number' ? 'numeric' : 'decimal'}
            autoComplete="off"
            {...control}
            {...rest}
            {...field}
          />
          {suffix ? (
            <span className="amount-input__sign" aria-hidden="true">
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}
