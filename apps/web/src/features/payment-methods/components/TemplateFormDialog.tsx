import { PaymentTemplateInput, type PaymentTemplateType, type PaymentTemplateView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { templatesApi, templatesKey } from '../api/templates-api';
import { DetailFields, TemplateFlags, TemplateNameAndType } from './TemplateFields';

/** The form as typed: details are whatever the chosen type asks for. */
export interface TemplateForm {
  name: string;
  type: PaymentTemplateType;
  isDefault: boolean;
  isActive: boolean;
  details: Record<string, string>;
}

const blank = (): TemplateForm => ({
  name: '',
  type: 'BANK_CARD',
  isDefault: false,
  isActive: true,
  details: {},
});

function fromTemplate(tpl: PaymentTemplateView): TemplateForm {
  const { name, type, isDefault, isActive } = tpl;
  return { name, type, isDefault, isActive, details: { ...tpl.details } };
}

interface Props {
  /** null: a new template. */
  editing: PaymentTemplateView | null;
  open: boolean;
  onClose: () => void;
  /** After a save, instead of closing (the page opened from a trade goes back to it). */
  onSaved?: () => void;
}

/**
 * Add or edit a template: react-hook-form over the shared PaymentTemplateInput
 * schema, the server's own rules, with messages shown in the UI language.
 */
export function TemplateFormDialog({ editing, open, onClose, onSaved }: Props) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const resolver = useMemo(
    () => catalogueResolver<TemplateForm, PaymentTemplateInput>(PaymentTemplateInput, currentLang),
    [],
  );
  const form = useForm<TemplateForm, unknown, PaymentTemplateInput>({
    resolver,
    defaultValues: editing ? fromTemplate(editing) : blank(),
  });
  const [serverError, setServerError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: PaymentTemplateInput) =>
      editing ? templatesApi.update(editing.id, body) : templatesApi.create(body),
    onSuccess: () => {
      toast.success(t(editing ? 'pm.updated' : 'pm.added'));
      void queryClient.invalidateQueries({ queryKey: templatesKey });
      (onSaved ?? onClose)();
    },
    onError: (error) => {
      setServerError(error.message || t('pm.saveFailed'));
      toast.error(t('pm.saveFailed'));
    },
  });

  const close = () => {
    if (!save.isPending) onClose();
  };
  const submit = form.handleSubmit(
    (body) => {
      setServerError(null);
      save.mutate(body);
    },
    () => toast.error(t('pm.checkForm')),
  );

  return (
    <Dialog open={open} onClose={close} labelledBy={`${id}-t`}>
      <form className="pm-form" noValidate onSubmit={submit}>
        <h2 id={`${id}-t`} className="dialog__title">
          {t(editing ? 'pm.editTitle' : 'pm.addTitle')}
        </h2>
        <TemplateNameAndType form={form} />
        <DetailFields form={form} />
        <TemplateFlags form={form} />
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
