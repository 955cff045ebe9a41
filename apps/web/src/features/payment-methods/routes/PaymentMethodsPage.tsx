import type { PaymentTemplateFlags, PaymentTemplateView } from '@p2p/shared';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { type MessageKey, useT } from '@/i18n';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { templatesApi, templatesKey } from '../api/templates-api';
import { TemplateCard } from '../components/TemplateCard';
import { TemplateFormDialog } from '../components/TemplateFormDialog';
import '../payment-methods.css';

type FormState = { open: false } | { open: true; editing: PaymentTemplateView | null; key: number };

/** Flags (default, active) and delete of the templates; `busyId` is the one being changed. */
function useTemplateActions() {
  const t = useT();
  const queryClient = useQueryClient();
  const flags = useMutation({
    mutationFn: ({ id, body }: { id: string; body: PaymentTemplateFlags; done: MessageKey }) =>
      templatesApi.setFlags(id, body),
    onSuccess: (_d, { done }) => {
      toast.success(t(done));
      void queryClient.invalidateQueries({ queryKey: templatesKey });
    },
    onError: (e) => toast.error(`${t('pm.updateFailed')}: ${e.message}`),
  });
  const remove = useMutation({
    mutationFn: (id: string) => templatesApi.remove(id),
    onSuccess: () => {
      toast.success(t('pm.deleted'));
      void queryClient.invalidateQueries({ queryKey: templatesKey });
    },
    onError: (e) => toast.error(`${t('pm.deleteFailed')}: ${e.message}`),
  });
  const busyId = flags.isPending ? flags.variables?.id : remove.isPending ? remove.variables : undefined;
  return {
    busyId,
    makeDefault: (tpl: PaymentTemplateView) =>
      flags.mutate({ id: tpl.id, body: { isDefault: true }, done: 'pm.defaultSet' }),
    toggleActive: (tpl: PaymentTemplateView) =>
      flags.mutate({
        id: tpl.id,
        body: { isActive: !tpl.isActive },
        done: tpl.isActive ? 'pm.deactivated' : 'pm.activated',
      }),
    remove: (tpl: PaymentTemplateView) => remove.mutate(tpl.id),
  };
}

/**
 * Where to go back after adding a method: `?return=` names a screen of this app (a trade, the
 * order form) that sent the user here; anything else (another site, `//host`) is ignored.
 */
export function returnPathOf(value: string | null): string | null {
  if (!value) return null;
  return /^\/(trade\/[\w-]+|create-order)(\?[\w=&%-]*)?$/.test(value) ? value : null;
}

/** /settings/payment-methods: saved payment details for trades. */
export function PaymentMethodsPage() {
  const t = useT();
  useDocumentTitle(t('page.paymentMethods'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = returnPathOf(params.get('return'));
  const templates = useQuery({ queryKey: templatesKey, queryFn: templatesApi.list, retry: false });
  // Sent here to add a method (`?add=1`, from a trade or the order form): the form is open at once.
  const [form, setForm] = useState<FormState>(
    params.get('add') === '1' ? { open: true, editing: null, key: 0 } : { open: false },
  );
  const [deleting, setDeleting] = useState<PaymentTemplateView | null>(null);
  const actions = useTemplateActions();

  useEffect(() => {
    if (templates.isError) toast.error(t('pm.loadFailed'), { id: 'pm-load' });
  }, [templates.isError, t]);
  const openForm = (editing: PaymentTemplateView | null) => setForm({ open: true, editing, key: Date.now() });

  return (
    <section className="page pm-page" aria-labelledby="pm-title">
      {back ? (
        <Link to={back} className="btn btn--ghost btn--sm">
          <Icon name="arrowLeft" size={16} />{' '}
          {t(back.startsWith('/trade/') ? 'pm.backToTrade' : 'pm.backToOrder')}
        </Link>
      ) : null}
      <div className="page__head page__head--split">
        <div>
          <h1 id="pm-title" className="page__title">
            {t('page.paymentMethods')}
          </h1>
          <p className="muted">{t('pm.subtitle')}</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => openForm(null)}>
          <Icon name="plus" size={16} /> {t('pm.add')}
        </button>
      </div>
      <TemplatesList
        templates={templates}
        busyId={actions.busyId}
        onAdd={() => openForm(null)}
        onEdit={openForm}
        onDelete={setDeleting}
        onMakeDefault={actions.makeDefault}
        onToggleActive={actions.toggleActive}
      />
      <TemplatesInfo />
      {form.open ? (
        <TemplateFormDialog
          key={form.key}
          open
          editing={form.editing}
          onClose={() => setForm({ open: false })}
          onSaved={back && !form.editing ? () => navigate(back) : undefined}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('pm.deleteTitle')}
        text={t('pm.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('pm.delete')}
        danger
        onConfirm={() => {
          if (deleting) actions.remove(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** How saved details are used. */
function TemplatesInfo() {
  const t = useT();
  return (
    <aside className="panel pm-info" aria-labelledby="pm-info-title">
      <h2 id="pm-info-title" className="panel__title">
        <Icon name="info" /> {t('pm.info.title')}
      </h2>
      <ul className="pm-info__list">
        <li>{t('pm.info.one')}</li>
        <li>{t('pm.info.two')}</li>
        <li>{t('pm.info.three')}</li>
      </ul>
    </aside>
  );
}

/** The saved templates, each with its actions; loading, failure and the empty state. */
function TemplatesList({
  templates,
  busyId,
  onAdd,
  onEdit,
  onDelete,
  onMakeDefault,
  onToggleActive,
}: {
  templates: UseQueryResult<PaymentTemplateView[]>;
  busyId: string | undefined;
  onAdd: () => void;
  onEdit: (tpl: PaymentTemplateView) => void;
  onDelete: (tpl: PaymentTemplateView) => void;
  onMakeDefault: (tpl: PaymentTemplateView) => void;
  onToggleActive: (tpl: PaymentTemplateView) => void;
}) {
  const t = useT();
  return templates.isPending ? (
    <LoadingState text={t('common.loading')} />
  ) : templates.isError ? (
    <MessageState title={t('pm.loadFailed')} text={templates.error.message || t('pm.loadFailed')}>
      <button type="button" className="btn btn--primary" onClick={() => templates.refetch()}>
        {t('common.retry')}
      </button>
    </MessageState>
  ) : templates.data.length === 0 ? (
    <div className="panel pm-empty">
      <p>{t('pm.empty')}</p>
      <button type="button" className="btn btn--primary" onClick={onAdd}>
        {t('pm.addFirst')}
      </button>
    </div>
  ) : (
    <ul className="pm-list">
      {templates.data.map((tpl) => (
        <TemplateCard
          key={tpl.id}
          template={tpl}
          busy={busyId === tpl.id}
          onEdit={() => onEdit(tpl)}
          onDelete={() => onDelete(tpl)}
          onMakeDefault={() => onMakeDefault(tpl)}
          onToggleActive={() => onToggleActive(tpl)}
        />
      ))}
    </ul>
  );
}
