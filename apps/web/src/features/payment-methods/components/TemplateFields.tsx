import { PAYMENT_TEMPLATE_TYPES, type PaymentTemplateInput, type PaymentTemplateType } from '@p2p/shared';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useT } from '@/i18n';
import { type FieldSpec, fieldLabelKey, sanitizeField, TEMPLATE_FIELDS } from '../lib/fields';
import { templateTypeKey } from '../lib/labels';
import type { TemplateForm } from './TemplateFormDialog';

type Form = UseFormReturn<TemplateForm, unknown, PaymentTemplateInput>;

/** An error line under a field, linked to it; the text is already in the UI language. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

/** Name and type. A different type has different fields: its details start afresh. */
export function TemplateNameAndType({ form }: { form: Form }) {
  const t = useT();
  const id = useId();
  const error = form.formState.errors.name?.message;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-name`} className="field__label">
          {t('pm.field.name')}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          maxLength={100}
          placeholder={t('pm.namePlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-e` : undefined}
          {...form.register('name', { onChange: () => form.clearErrors('name') })}
        />
        <FieldError id={`${id}-name-e`} message={error} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`} className="field__label">
          {t('pm.field.type')}
        </label>
        <select
          id={`${id}-type`}
          className="input"
          {...form.register('type', {
            onChange: () => {
              form.setValue('details', {});
              form.clearErrors(['type', 'details']);
            },
          })}
        >
          {PAYMENT_TEMPLATE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(templateTypeKey(type))}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-type-e`} message={form.formState.errors.type?.message} />
      </div>
    </>
  );
}

/** The detail fields of the chosen type, restricted as typed (length caps, upper case). */
export function DetailFields({ form }: { form: Form }) {
  const type = form.watch('type') as PaymentTemplateType;
  return (
    <>
      {(TEMPLATE_FIELDS[type] ?? []).map((spec) => (
        <DetailField key={`${type}-${spec.name}`} form={form} type={type} spec={spec} />
      ))}
    </>
  );
}

function DetailField({ form, type, spec }: { form: Form; type: PaymentTemplateType; spec: FieldSpec }) {
  const t = useT();
  const fid = `${useId()}-${spec.name}`;
  const name = `details.${spec.name}` as const;
  const errors = form.formState.errors.details as Record<string, { message?: string }> | undefined;
  const error = errors?.[spec.name]?.message;
  return (
    <div className="field">
      <label htmlFor={fid} className="field__label">
        {t(fieldLabelKey(type, spec.name))}
        {spec.required ? null : <span className="muted"> {t('pm.optional')}</span>}
      </label>
      <input
        id={fid}
        className="input"
        inputMode={spec.inputMode}
        autoComplete="off"
        maxLength={spec.maxLength ?? 200}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fid}-e` : undefined}
        {...form.register(name, {
          onChange: (event: { target: HTMLInputElement }) => {
            const clean = sanitizeField(spec, event.target.value);
            if (clean !== event.target.value) form.setValue(name, clean);
            form.clearErrors(name);
          },
        })}
      />
      <FieldError id={`${fid}-e`} message={error} />
    </div>
  );
}

/** Active and default; only an active template can be the default. */
export function TemplateFlags({ form }: { form: Form }) {
  const t = useT();
  const active = form.watch('isActive');
  return (
    <div className="pm-form__flags">
      <label className="pm-checkbox">
        <input
          type="checkbox"
          {...form.register('isActive', {
            onChange: (event: { target: HTMLInputElement }) => {
              if (!event.target.checked) form.setValue('isDefault', false);
            },
          })}
        />
        <span>{t('pm.flag.active')}</span>
      </label>
      <label className="pm-checkbox">
        <input type="checkbox" disabled={!active} {...form.register('isDefault')} />
        <span>{t('pm.flag.default')}</span>
      </label>
    </div>
  );
}
