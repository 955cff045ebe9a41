import type { AdminDashboard } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState } from '../components/common';
import { DailyChart } from '../components/DailyChart';

function Counter({
  title,
  value,
  children,
  to,
}: {
  title: string;
  value: ReactNode;
  children?: ReactNode;
  to?: string;
}) {
  return (
    <div className="panel bo-counter">
      <h2 className="bo-counter__title">{to ? <Link to={to}>{title}</Link> : title}</h2>
      <p className="bo-counter__value num">{value}</p>
      {children ? <div className="bo-counter__more small muted">{children}</div> : null}
    </div>
  );
}

/** /admin/dashboard: real counters of today and 14 days of trades and volume. */
export function DashboardPage() {
  const t = useT();
  const fmt = useFormat();
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: adminApi.dashboard,
    refetchInterval: 60_000,
  });
  const d = query.data;
  return (
    <AdminPage title={t('bo.dash.title')}>
      {d ? null : (
        <ListState
          loading={query.isPending}
          error={query.error}
          empty={false}
          errorTitle={t('bo.dash.loadError')}
          emptyTitle=""
          onRetry={() => void query.refetch()}
        />
      )}
      {d ? (
        <>
          <PoolWarnings pools={d.addressPools} />
          <Counters d={d} />
          <section className="panel" aria-labelledby="bo-chart-title">
            <h2 id="bo-chart-title" className="panel__title">
              {t('bo.dash.chart')}
            </h2>
            <DailyChart days={d.daily} fiat="RUB" />
            <p className="muted small">{t('bo.dash.updated', { time: fmt.dateTime(d.generatedAt) })}</p>
          </section>
        </>
      ) : null}
    </AdminPage>
  );
}

/** Users, disputes, withdrawals, today's trades and volume, staff actions. */
function Counters({ d }: { d: AdminDashboard }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <div className="bo-counters">
      <Counter title={t('bo.dash.users')} value={d.users.total} to="/admin/users">
        <p>{t('bo.dash.usersNew', { count: d.users.newToday })}</p>
        <p>{t('bo.dash.usersBlocked', { count: d.users.blocked })}</p>
      </Counter>
      <Counter title={t('bo.dash.disputes')} value={d.disputes.open} to="/admin/disputes">
        <p>
          {d.disputes.oldestAgeSeconds === null
            ? t('bo.dash.disputesNone')
            : t('bo.dash.disputesOldest', { age: fmt.duration(d.disputes.oldestAgeSeconds) })}
        </p>
        <p>{t('bo.dash.disputesOverSla', { hours: d.disputes.slaHours, count: d.disputes.overSla })}</p>
        <p>{t('bo.dash.disputesUnassigned', { count: d.disputes.unassigned })}</p>
      </Counter>
      <Counter title={t('bo.dash.withdrawals')} value={d.withdrawals.pending} to="/admin/withdrawals">
        {d.withdrawals.byCurrency.map((c) => (
          <p key={c.currency}>
            {c.count} · {fmt.crypto(c.amount, c.currency)}
          </p>
        ))}
      </Counter>
      <Counter title={t('bo.dash.tradesToday')} value={d.trades.completedToday}>
        <p>{t('bo.dash.tradesOpened', { count: d.trades.openedToday })}</p>
      </Counter>
      <VolumeCounter trades={d.trades} />
      <Counter title={t('bo.dash.staffActions')} value={d.staffActionsToday} to="/admin/audit" />
      {d.addressPools.length > 0 ? (
        <Counter title={t('bo.dash.pools')} value={Math.min(...d.addressPools.map((p) => p.remaining))}>
          {d.addressPools.map((p) => (
            <p key={p.network} className={p.low ? 'bo-warn' : undefined}>
              {t('bo.dash.poolLeft', { network: p.network, count: p.remaining })}
            </p>
          ))}
        </Counter>
      ) : null}
    </div>
  );
}

/**
 * A warning per pool network that is running out of imported deposit addresses
 * (docs/decisions/032-address-pool-solana-cardano.md): new users could not get one.
 */
function PoolWarnings({ pools }: { pools: AdminDashboard['addressPools'] }) {
  const t = useT();
  const low = pools.filter((p) => p.low);
  if (low.length === 0) return null;
  return (
    <div role="status" data-testid="pool-warnings">
      {low.map((p) => (
        <p key={p.network} className="alert alert--warn">
          {t('bo.dash.poolLow', { network: p.network, count: p.remaining })}
        </p>
      ))}
    </div>
  );
}

/** Today's volume: fiat by currency as the figure, crypto by coin under it. */
function VolumeCounter({ trades }: { trades: AdminDashboard['trades'] }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <Counter
      title={t('bo.dash.volumeToday')}
      value={
        Object.keys(trades.volumeFiatToday).length === 0
          ? '—'
          : Object.entries(trades.volumeFiatToday).map(([cur, amount]) => (
              <span key={cur} className="bo-block">
                {fmt.fiat(amount, cur)}
              </span>
            ))
      }
    >
      {Object.keys(trades.volumeToday).length === 0 ? (
        <p>{t('bo.dash.noVolume')}</p>
      ) : (
        Object.entries(trades.volumeToday).map(([coin, amount]) => (
          <p key={coin}>{fmt.crypto(amount, coin)}</p>
        ))
      )}
    </Counter>
  );
}
