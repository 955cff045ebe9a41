import { PAYMENT_METHODS, type PayerAccountInput } from '@p2p/shared';
import { useId } from 'react';
import { FieldFrame } from '@/components/ui/FieldFrame';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

export type PayerDraft = { bank: string; last4: string; name: string };
export type PayerErrors = Partial<Record<keyof PayerDraft, string>>;

export const emptyPayer = (bank = ''): PayerDraft => ({ bank, last4: '', name: '' });

/** The form's own checks, with the server's texts (the server checks again). */
export function payerErrors(draft: PayerDraft, t: ReturnType<typeof useT>): PayerErrors {
  const errors: PayerErrors = {};
  if (!draft.bank) errors.bank = t('fraud.payer.bankRequired');
  if (!/^\d{4}$/.test(draft.last4.trim())) errors.last4 = t('fraud.payer.last4Format');
  if (draft.name.trim().length < 2) errors.name = t('fraud.payer.nameRequired');
  else if (draft.name.trim().length > 100) errors.name = t('fraud.payer.nameTooLong');
  return errors;
}

export const payerPayload = (draft: PayerDraft): PayerAccountInput => ({
  bank: draft.bank as PayerAccountInput['bank'],
  last4: draft.last4.trim(),
  name: draft.name.trim(),
});

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
