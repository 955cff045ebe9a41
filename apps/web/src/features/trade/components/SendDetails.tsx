import type { PaymentTemplateView, TradeView } from '@p2p/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { fieldLabelKey, orderedDetails, templateTypeKey } from '@/features/payment-methods';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { tradeApi, tradeKeys } from '../api/trade-api';

/** The payment-methods screen (its form open to add one), coming back to this trade after a save. */
const methodsPath = (tradeId: string, add: boolean) =>
  `/settings/payment-methods?return=${encodeURIComponent(`/trade/${tradeId}`)}${add ? '&add=1' : ''}`;

/** Same key as the payment-methods screen, so both stay in step. */
const TEMPLATES_KEY = ['payment-templates'] as const;

/** The seller's active templates, the one picked (else the trade's, the default, the first) and sending it. */
function useSendDetails(trade: TradeView) {
  const t = useT();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: TEMPLATES_KEY, queryFn: tradeApi.templates, retry: false });
  const active = (templates.data ?? []).filter((tpl) => tpl.isActive);
  const preferred = active.find((tpl) => tpl.isDefault) ?? active[0];
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? trade.paymentTemplate?.templateId ?? preferred?.id ?? '';
  const send = useMutation({
    mutationFn: (templateId: string) => tradeApi.attachTemplate(trade.id, templateId),
    onSuccess: (details) => {
      queryClient.setQueryData(tradeKeys.details(trade.id), details);
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toast.success(t('trade.send.done'));
    },
    onError: (error) => toast.error(error.message || t('trade.send.failed')),
  });
  return { templates, active, chosen, pick: setPicked, send };
}

/**
 * The seller picks one of their active templates and sends it (PUT /trades/{id}/payment-template).
 * With none saved, a link to /settings/payment-methods.
 */
export function SendDetails({ trade }: { trade: TradeView }) {
  const t = useT();
  const id = useId();
  const { templates, active, chosen, pick, send } = useSendDetails(trade);

  if (templates.isPending) return <p className="muted small">{t('common.loading')}</p>;
  if (templates.isError) {
    return (
      <div className="alert alert--error">
        {t('trade.send.loadError')}{' '}
        <button type="button" className="tr-link-btn" onClick={() => templates.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (active.length === 0) {
    return (
      <div className="send-details send-details--empty">
        <p>{t('trade.send.none')}</p>
        <Link to={methodsPath(trade.id, true)} className="btn btn--primary btn--sm">
          {t('trade.send.addTemplate')}
        </Link>
      </div>
    );
  }
  const resend = Boolean(trade.paymentTemplate);
  const selected = active.find((tpl) => tpl.id === chosen);
  return (
    <form
      className="send-details"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) send.mutate(chosen);
      }}
    >
      <label htmlFor={`${id}-tpl`} className="field__label">
        {t('trade.send.pick')}
      </label>
      {/* Full width, with the chosen details spelled out below: the seller reads what he sends. */}
      <select
        id={`${id}-tpl`}
        className="input"
        value={chosen}
        onChange={(e) => pick(e.target.value)}
        disabled={send.isPending}
        aria-describedby={selected ? `${id}-preview` : undefined}
      >
        {active.map((tpl) => (
          <option key={tpl.id} value={tpl.id}>
            {tpl.isDefault ? `${tpl.name} · ${t('trade.send.default')}` : tpl.name}
          </option>
        ))}
      </select>
      {selected ? <TemplatePreview id={`${id}-preview`} template={selected} /> : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={!chosen || send.isPending}>
        {send.isPending ? t('trade.send.sending') : t(resend ? 'trade.send.resend' : 'trade.send.submit')}
      </button>
      <p className="field__hint">
        <Link to={methodsPath(trade.id, false)}>{t('trade.send.manage')}</Link>
      </p>
    </form>
  );
}

/** The chosen template's details, masked as the list shows them. */
function TemplatePreview({ id, template }: { id: string; template: PaymentTemplateView }) {
  const t = useT();
  return (
    <dl id={id} className="send-details__preview small">
      <div>
        <dt>{t('pm.field.type')}</dt>
        <dd>{t(templateTypeKey(template.type))}</dd>
      </div>
      {orderedDetails(template.maskedDetails).map(([field, value]) => (
        <div key={field}>
          <dt>{t(fieldLabelKey(template.type, field))}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
