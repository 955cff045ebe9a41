import type { ApiKeyView, CreatedApiKey } from '@p2p/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { apiKeysKey, merchantApi } from '../api/merchant-api';
import { ApiKeyForm } from './ApiKeyForm';
import { SecretOnce } from './SecretOnce';

/** One key: name, prefix, scopes, allowed addresses, created and last used, and «Отозвать». */
function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyView; onRevoke: () => void }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <li className="api-row">
      <div className="api-row__main">
        <strong>{apiKey.name}</strong>
        <code className="num muted small">{apiKey.key_prefix}…</code>
        <div className="api-row__tags">
          {apiKey.scopes.map((scope) => (
            <span key={scope} className="badge">
              {t(`apiPage.keys.scope.${scope}`)}
            </span>
          ))}
        </div>
        <div className="muted small num">
          {apiKey.ip_allowlist.length ? apiKey.ip_allowlist.join(', ') : t('apiPage.keys.anyIp')}
        </div>
        <div className="muted small">
          {t('apiPage.keys.created')}: {fmt.dateTime(apiKey.created_at)} · {t('apiPage.keys.lastUsed')}:{' '}
          {apiKey.last_used_at ? fmt.dateTime(apiKey.last_used_at) : t('apiPage.keys.never')}
        </div>
      </div>
      <button type="button" className="btn btn--ghost btn--sm tr-danger-text" onClick={onRevoke}>
        {t('apiPage.keys.revoke')}
      </button>
    </li>
  );
}

/** «Ключи API»: the create form, the secret shown once, the list with revoke (asked twice). */
export function ApiKeysPanel() {
  const t = useT();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: apiKeysKey, queryFn: merchantApi.keys, retry: false });
  const [created, setCreated] = useState<(CreatedApiKey & { name: string }) | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => merchantApi.revokeKey(id),
    onSuccess: () => {
      toast.success(t('apiPage.keys.revoked'));
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <section className="panel" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title" className="panel__title">
        {t('apiPage.keys.title')}
      </h2>
      {created ? (
        <SecretOnce
          warning={t('apiPage.keys.shownOnce')}
          rows={[
            { label: t('apiPage.keys.key'), value: created.key },
            { label: t('apiPage.keys.secret'), value: created.secret },
          ]}
          onDone={() => setCreated(null)}
        />
      ) : (
        <ApiKeyForm onCreated={setCreated} />
      )}
      {keys.isPending ? <LoadingState text={t('common.loading')} /> : null}
      {keys.isError ? (
        <MessageState title={t('apiPage.loadError')} text={keys.error.message}>
          <button type="button" className="btn btn--primary" onClick={() => keys.refetch()}>
            {t('common.retry')}
          </button>
        </MessageState>
      ) : null}
      {keys.data?.length === 0 ? <p className="muted">{t('apiPage.keys.empty')}</p> : null}
      {keys.data?.length ? (
        <ul className="api-list">
          {keys.data.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiPage.keys.revoke')}
        text={t('apiPage.keys.revokeConfirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiPage.keys.revoke')}
        danger
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
