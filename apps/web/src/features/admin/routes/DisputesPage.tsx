import type { DisputeQueueItem } from '@p2p/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/i18n';
import { shortId } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { AdminPage, disputeReasonKey, ListState, Pager } from '../components/common';
import { DeskReminders } from '../components/DeskReminders';
import { DisputeOwnershipButton } from '../components/DisputeOwnershipButton';

type Owner = 'all' | 'mine' | 'unassigned';

/** /admin/disputes: disputed trades, oldest first, with age against the target and the owner. */
export function DisputesPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [owner, setOwner] = useState<Owner>('all');
  const query = useQuery({
    queryKey: ['admin', 'disputes', 'queue', page, owner],
    queryFn: () => adminApi.disputes({ page, owner }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const rows = query.data?.disputes ?? [];
  return (
    <AdminPage
      title={t('bo.disputes.title')}
      tools={
        <fieldset className="segmented">
          <legend className="sr-only">{t('bo.disputes.filter')}</legend>
          {(['all', 'mine', 'unassigned'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="segmented__item"
              aria-pressed={owner === value}
              onClick={() => {
                setOwner(value);
                setPage(1);
              }}
            >
              {t(`bo.disputes.owner.${value}`)}
            </button>
          ))}
        </fieldset>
      }
    >
      <DeskReminders />
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={rows.length === 0}
        errorTitle={t('bo.disputes.loadError')}
        emptyTitle={t('bo.disputes.empty')}
        onRetry={() => void query.refetch()}
      />
      <ul className="bo-cards" aria-label={t('bo.disputes.title')}>
        {rows.map((item) => (
          <DisputeCard key={item.tradeId} item={item} slaHours={query.data?.slaHours ?? 24} />
        ))}
      </ul>
      {query.data ? <Pager pagination={query.data.pagination} onPage={setPage} /> : null}
    </AdminPage>
  );
}

function DisputeCard({ item, slaHours }: { item: DisputeQueueItem; slaHours: number }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <li className="panel bo-card" data-testid="dispute-row" data-trade-id={item.tradeId}>
      <div className="bo-card__head">
        <Link to={`/admin/disputes/${item.tradeId}`} className="bo-strong">
          {t('bo.case.title', { id: shortId(item.tradeId) })}
        </Link>
        <span className={`status-pill status-pill--${item.overSla ? 'danger' : 'warn'}`}>
          {item.overSla
            ? t('bo.disputes.overSla', { hours: slaHours })
            : t('bo.disputes.age', { age: fmt.duration(item.ageSeconds) })}
        </span>
      </div>
      <DisputeFacts item={item} />
      <div className="bo-actions">
        <Link to={`/admin/disputes/${item.tradeId}`} className="btn btn--primary btn--sm">
          {t('bo.disputes.openCase')}
        </Link>
        <DisputeOwnershipButton tradeId={item.tradeId} ownerId={item.owner?.id ?? null} takeStyle="ghost" />
      </div>
    </li>
  );
}

/** Amount, parties, owner, reason and who opened it, the target time, open evidence requests. */
function DisputeFacts({ item }: { item: DisputeQueueItem }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <dl className="bo-facts">
      <div>
        <dt>{t('bo.case.amount')}</dt>
        <dd className="num">
          {fmt.crypto(item.amountCrypto, item.cryptocurrency)} ·{' '}
          {fmt.fiat(item.amountFiat, item.fiatCurrency)}
        </dd>
      </div>
      <div>
        <dt>{t('bo.party.buyer')}</dt>
        <dd>{item.buyer.name}</dd>
      </div>
      <div>
        <dt>{t('bo.party.seller')}</dt>
        <dd>{item.seller.name}</dd>
      </div>
      <div>
        <dt>{t('bo.disputes.owner')}</dt>
        <dd data-testid="dispute-owner">
          {item.owner
            ? `${item.owner.firstName} ${item.owner.lastName}`.trim() || item.owner.email
            : t('bo.disputes.free')}
        </dd>
      </div>
      <div className="bo-facts__wide">
        <dt>{t('bo.disputes.reason')}</dt>
        <dd>
          {item.reason ? t(disputeReasonKey(item.reason)) : '—'}
          {item.openedBy ? (
            <span className="muted small">
              {' '}
              · {t('bo.disputes.openedBy', { who: t(`bo.party.${item.openedBy}`) })}
            </span>
          ) : null}
        </dd>
      </div>
      {!item.overSla ? (
        <div className="bo-facts__wide">
          <dd className="muted small">
            {t('bo.disputes.withinSla', { time: fmt.dateTime(item.slaDeadline) })}
          </dd>
        </div>
      ) : null}
      {item.openEvidenceRequests > 0 ? (
        <div className="bo-facts__wide">
          <dd className="muted small">
            {t('bo.disputes.evidenceOpen', { count: item.openEvidenceRequests })}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
