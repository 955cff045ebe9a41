import {
  type CreatedWebhook,
  CreateWebhookRequest,
  WEBHOOK_EVENTS,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookView,
} from '@p2p/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { InputField } from '@/components/ui/InputField';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { SecondFactorField, secondFactorReason, useTwoFactorStatus } from '@/features/two-factor';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { useFormat } from '@/lib/use-format';
import { merchantApi, webhooksKey } from '../api/merchant-api';
import { SecretOnce } from './SecretOnce';

interface HookFields {
  url: string;
  events: WebhookEvent[];
  totpCode: string;
}
type HookRequest = z.output<typeof CreateWebhookRequest>;

/**
 * Adding a webhook: its URL and the events it receives, validated by the shared schema; with
 * two-factor on, a fresh code as for a key (docs/decisions/033).
 */
function WebhookForm({ onCreated }: { onCreated: (hook: CreatedWebhook) => void }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const resolver = useMemo(
    () => catalogueResolver<HookFields, HookRequest>(CreateWebhookRequest, currentLang),
    [],
  );
  const form = useForm<HookFields, unknown, HookRequest>({
    resolver,
    defaultValues: { url: '', events: ['trade:created', 'trade:updated'], totpCode: '' },
  });
  const twoFactor = useTwoFactorStatus();
  const code = useController({ control: form.control, name: 'totpCode' });
  const url = useController({ control: form.control, name: 'url' });
  const events = useController({ control: form.control, name: 'events' });
  const create = useMutation({
    mutationFn: (body: HookRequest) =>
      merchantApi.createWebhook({ ...body, totpCode: body.totpCode || undefined }),
    onSuccess: (hook) => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: webhooksKey });
      onCreated(hook);
    },
    onError: (error) =>
      form.setError(secondFactorReason(error) ? 'totpCode' : 'url', {
        type: 'server',
        message: error.message,
      }),
  });
  const needsCode = twoFactor.data?.enabled === true;
  const toggle = (event: WebhookEvent, on: boolean) =>
    events.field.onChange(
      on ? [...events.field.value, event] : events.field.value.filter((e) => e !== event),
    );
  return (
    <form className="api-form" onSubmit={form.handleSubmit((body) => create.mutate(body))} noValidate>
      <InputField
        id={`${id}-url`}
        label={t('apiPage.hooks.url')}
        placeholder={t('apiPage.hooks.urlPlaceholder')}
        value={url.field.value}
        onChange={url.field.onChange}
        inputMode="url"
        error={url.fieldState.error?.message ?? null}
      />
      <fieldset className="field api-scopes">
        <legend className="field__label">{t('apiPage.hooks.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="api-check">
            <input
              type="checkbox"
              checked={events.field.value.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />
            <code className="small">{event}</code>
          </label>
        ))}
        {events.fieldState.error ? (
          <p className="field__error" role="alert">
            {events.fieldState.error.message}
          </p>
        ) : null}
      </fieldset>
      {needsCode ? (
        <SecondFactorField
          id={`${id}-code`}
          value={code.field.value}
          onChange={code.field.onChange}
          error={code.fieldState.error?.message ?? null}
        />
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={create.isPending}>
        {t('apiPage.hooks.create')}
      </button>
    </form>
  );
}

/**
 * A delivery: event, status, attempts, what the last failed attempt came to (error or timeout,
 * nothing more: docs/decisions/036), and when a pending one is tried next.
 */
function DeliveryRow({ delivery }: { delivery: WebhookDeliveryView }) {
  const t = useT();
  const fmt = useFormat();
  const outcome = delivery.last_outcome;
  const failedAttempt = outcome === 'error' || outcome === 'timeout' ? outcome : null;
  return (
    <li className="api-delivery small">
      <code>{delivery.event_type}</code>{' '}
      <span className={`badge api-delivery--${delivery.status}`}>
        {t(`apiPage.hooks.status.${delivery.status}`)}
      </span>{' '}
      <span className="muted num">
        {fmt.dateTime(delivery.created_at)} · {t('apiPage.hooks.attempts', { count: delivery.attempts })}
        {failedAttempt
          ? ` · ${t('apiPage.hooks.lastAttempt', { outcome: t(`apiPage.hooks.outcome.${failedAttempt}`) })}`
          : ''}
        {delivery.last_status_code !== null ? ` · HTTP ${delivery.last_status_code}` : ''}
        {delivery.next_attempt_at
          ? ` · ${t('apiPage.hooks.nextRetry', { time: fmt.dateTime(delivery.next_attempt_at) })}`
          : ''}
      </span>
    </li>
  );
}

function WebhookRow({ hook, onDelete }: { hook: WebhookView; onDelete: () => void }) {
  const t = useT();
  return (
    <li className="api-row">
      <div className="api-row__main">
        <code className="num">{hook.url}</code>
        <div className="api-row__tags">
          {hook.events.map((event) => (
            <span key={event} className="badge">
              {event}
            </span>
          ))}
        </div>
        <h3 className="small muted">{t('apiPage.hooks.deliveries')}</h3>
        {hook.deliveries.length === 0 ? (
          <p className="muted small">{t('apiPage.hooks.noDeliveries')}</p>
        ) : (
          <ul className="api-deliveries">
            {hook.deliveries.map((d) => (
              <DeliveryRow key={d.id} delivery={d} />
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="btn btn--ghost btn--sm tr-danger-text" onClick={onDelete}>
        {t('apiPage.hooks.delete')}
      </button>
    </li>
  );
}

/** «Вебхуки»: the add form, the signing secret shown once, the list with recent deliveries. */
export function WebhooksPanel() {
  const t = useT();
  const queryClient = useQueryClient();
  const hooks = useQuery({ queryKey: webhooksKey, queryFn: merchantApi.webhooks, retry: false });
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => merchantApi.deleteWebhook(id),
    onSuccess: () => {
      toast.success(t('apiPage.hooks.deleted'));
      void queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <section className="panel" aria-labelledby="api-hooks-title">
      <h2 id="api-hooks-title" className="panel__title">
        {t('apiPage.hooks.title')}
      </h2>
      {created ? (
        <SecretOnce
          warning={t('apiPage.hooks.shownOnce')}
          rows={[{ label: t('apiPage.hooks.secret'), value: created.secret }]}
          onDone={() => setCreated(null)}
        />
      ) : (
        <WebhookForm onCreated={setCreated} />
      )}
      {hooks.isPending ? <LoadingState text={t('common.loading')} /> : null}
      {hooks.isError ? (
        <MessageState title={t('apiPage.loadError')} text={hooks.error.message}>
          <button type="button" className="btn btn--primary" onClick={() => hooks.refetch()}>
            {t('common.retry')}
          </button>
        </MessageState>
      ) : null}
      {hooks.data?.length === 0 ? <p className="muted">{t('apiPage.hooks.empty')}</p> : null}
      {hooks.data?.length ? (
        <ul className="api-list">
          {hooks.data.map((hook) => (
            <WebhookRow key={hook.id} hook={hook} onDelete={() => setDeleting(hook)} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('apiPage.hooks.delete')}
        text={t('apiPage.hooks.deleteConfirm', { url: deleting?.url ?? '' })}
        confirmLabel={t('apiPage.hooks.delete')}
        danger
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
