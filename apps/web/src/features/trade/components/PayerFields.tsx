import { PAYMENT_METHODS } from '@p2p/shared';
import { useId } from 'react';
import { FieldFrame } from '@/components/ui/FieldFrame';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import type { PayerDraft, PayerErrors } from '../lib/payer';

/** «Я оплатил» asks which account paid: the bank, the last 4 digits, the name as the bank shows it. */
export function PayerFields({
  value,
  onChange,
  errors,
}: {
  value: PayerDraft;
  onChange: (next: PayerDraft) => void;
  errors: PayerErrors;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  return (
    <fieldset className="payer-fields">
      <legend className="small">{t('fraud.payer.ask')}</legend>
      <FieldFrame id={`${id}-bank`} label={t('fraud.payer.bank')} error={errors.bank ?? null}>
        {(control) => (
          <select
            id={`${id}-bank`}
            className="input"
            value={value.bank}
            onChange={(event) => onChange({ ...value, bank: event.target.value })}
            {...control}
          >
            <option value="">—</option>
            {PAYMENT_METHODS.filter((m) => m !== 'cash').map((m) => (
              <option key={m} value={m}>
                {fmt.paymentMethod(m)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <InputField
        id={`${id}-last4`}
        label={t('fraud.payer.last4')}
        value={value.last4}
        onChange={(last4) => onChange({ ...value, last4: last4.replace(/\D/g, '').slice(0, 4) })}
        inputMode="numeric"
        maxLength={4}
        className="num"
        error={errors.last4 ?? null}
      />
      <InputField
        id={`${id}-name`}
        label={t('fraud.payer.name')}
        value={value.name}
        onChange={(name) => onChange({ ...value, name })}
        placeholder={t('fraud.payer.namePlaceholder')}
        maxLength={100}
        autoComplete="name"
        error={errors.name ?? null}
      />
    </fieldset>
  );
}
