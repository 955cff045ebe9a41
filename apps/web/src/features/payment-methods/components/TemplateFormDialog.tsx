import { PAYMENT_TEMPLATE_TYPES, type PaymentTemplateType, type PaymentTemplateView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { useLocalize, useT } from '@/i18n';
import { templatesApi, templatesKey } from '../api/templates-api';
import { fieldLabelKey, sanitizeField, TEMPLATE_FIELDS } from '../lib/fields';
import { templateTypeKey } from '../lib/labels';
import { type FormErrors, type TemplateForm, validateTemplate } from '../lib/validate';

const blank = (): TemplateForm => ({
  name: '',
  type: 'BANK_CARD',
  isDefault: false,
  isActive: true,
  details: {},
});

function fromTemplate(tpl: PaymentTemplateView): TemplateForm {
  return {
    name: tpl.name,
    type: tpl.type,
    isDefault: tpl.isDefault,
    isActive: tpl.isActive,
    details: { ...tpl.details },
  };
}

interface Props {
  /** null: a new template. */
  editing: PaymentTemplateView | null;
  open: boolean;
  onClose: () => void;
}

/** Add or edit a template (spec 2 §5): per-type fields, the spec's messages, shared schema. */
export function TemplateFormDialog({ editing, open, onClose }: Props) {
  const t = useT();
  const localize = useLocalize();
  const id = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TemplateForm>(() => (editing ? fromTemplate(editing) : blank()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const checked = validateTemplate(form);
      if (!checked.ok) throw Object.assign(new Error('invalid'), { fields: checked.errors });
      return editing ? templatesApi.update(editing.id, checked.value) : templatesApi.create(checked.value);
    },
    onSuccess: () => {
      toast.success(t(editing ? 'pm.updated' : 'pm.added'));
      void queryClient.invalidateQueries({ queryKey: templatesKey });
      onClose();
    },
    onError: (error: Error & { fields?: FormErrors }) => {
      if (error.fields) {
        setErrors(error.fields);
        toast.error(t('pm.checkForm'));
        return;
      }
      setServerError(error.message || t('pm.saveFailed'));
      toast.error(t('pm.saveFailed'));
    },
  });

  const setField = (name: string, value: string) => {
    setForm((f) => ({ ...f, details: { ...f.details, [name]: value } }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <Dialog open={open} onClose={close} labelledBy={`${id}-t`}>
      <form
        className="pm-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setServerError(null);
          save.mutate();
        }}
      >
        <h2 id={`${id}-t`} className="dialog__title">
          {t(editing ? 'pm.editTitle' : 'pm.addTitle')}
        </h2>
        <div className="field">
          <label htmlFor={`${id}-name`} className="field__label">
            {t('pm.field.name')}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={form.name}
            maxLength={100}
            placeholder={t('pm.namePlaceholder')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-e` : undefined}
            onChange={(e) => {
              setForm((f) => ({ ...f, name: e.target.value }));
              setErrors((er) => ({ ...er, name: undefined }));
            }}
          />
          {errors.name ? (
            <p id={`${id}-name-e`} className="field__error">
              {localize(errors.name)}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`} className="field__label">
            {t('pm.field.type')}
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={form.type}
            onChange={(e) => {
              // A different type has different fields: start its details afresh.
              setForm((f) => ({ ...f, type: e.target.value as PaymentTemplateType, details: {} }));
              setErrors((er) => ({ name: er.name }));
            }}
          >
            {PAYMENT_TEMPLATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(templateTypeKey(type))}
              </option>
            ))}
          </select>
        </div>
        {TEMPLATE_FIELDS[form.type].map((spec) => {
          const fid = `${id}-${spec.name}`;
          const error = errors[spec.name];
          return (
            <div className="field" key={`${form.type}-${spec.name}`}>
              <label htmlFor={fid} className="field__label">
                {t(fieldLabelKey(form.type, spec.name))}
                {spec.required ? null : <span className="muted"> {t('pm.optional')}</span>}
              </label>
              <input
                id={fid}
                className="input"
                value={form.details[spec.name] ?? ''}
                inputMode={spec.inputMode}
                autoComplete="off"
                maxLength={spec.maxLength ?? 200}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fid}-e` : undefined}
                onChange={(e) => setField(spec.name, sanitizeField(spec, e.target.value))}
              />
              {error ? (
                <p id={`${fid}-e`} className="field__error">
                  {localize(error)}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="pm-form__flags">
          <label className="pm-checkbox">
            <input
              type="checkbox"
              checked={form.isActive}
              onChange={(e) =>
                setForm((f) => ({
                  ...f,
                  isActive: e.target.checked,
                  isDefault: e.target.checked && f.isDefault,
                }))
              }
            />
            <span>{t('pm.flag.active')}</span>
          </label>
          <label className="pm-checkbox">
            <input
              type="checkbox"
              checked={form.isDefault}
              disabled={!form.isActive}
              onChange={(e) => setForm((f) => ({ ...f, isDefault: e.target.checked }))}
            />
            <span>{t('pm.flag.default')}</span>
          </label>
        </div>
        {serverError ? (
          <p className="alert alert--error" role="alert">
            {serverError}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={close} disabled={save.isPending}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
