import {
  CRYPTOCURRENCIES,
  WALLET_TRANSACTION_TYPES,
  type WalletTransactionView,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '@p2p/shared';
import { useId, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { LoadingState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { useWalletTransactions, walletApi } from '../api/wallet-api';
import { shortRef, signedChange } from '../lib/history';

const PAGE = 20;

interface TxFilter {
  type: string;
  currency: string;
}

/** The CSV of every movement matching the filters, named by today's date. */
function useTransactionsCsv(filter: TxFilter) {
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await walletApi.transactionsCsv({
        type: filter.type || undefined,
        currency: filter.currency || undefined,
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('tx.csvError'));
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}

/**
 * Transaction history from the ledger: every movement with its signed change of
 * the balance, available and locked parts; filters by type and currency, pages, CSV export.
 */
export function TransactionHistory() {
  const t = useT();
  const id = useId();
  const [filter, setFilter] = useState<TxFilter>({ type: '', currency: '' });
  const [offset, setOffset] = useState(0);
  const list = useWalletTransactions({
    type: filter.type || undefined,
    currency: filter.currency || undefined,
    limit: PAGE,
    offset,
  });
  const { downloading, download } = useTransactionsCsv(filter);
  const data = list.data;

  return (
    <section className="panel tx-history" aria-labelledby={`${id}-h`}>
      <div className="tx-history__head">
        <h2 id={`${id}-h`} className="panel__title">
          {t('wallet.history')}
        </h2>
        <div className="tx-history__filters">
          <TxFilters
            filter={filter}
            onChange={(next) => {
              setFilter(next);
              setOffset(0);
            }}
          />
          <button type="button" className="btn btn--ghost btn--sm" onClick={download} disabled={downloading}>
            <Icon name="download" size={14} /> {t('tx.csv')}
          </button>
        </div>
      </div>
      {list.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : list.isError ? (
        <p className="alert alert--error" role="alert">
          {t('tx.loadError')}: {list.error.message}
        </p>
      ) : data && data.transactions.length > 0 ? (
        <>
          <ul className="tx-list" data-testid="tx-list">
            {data.transactions.map((row) => (
              <TransactionRow key={row.id} row={row} />
            ))}
          </ul>
          <TxPager
            offset={offset}
            shown={data.transactions.length}
            total={data.total}
            hasNext={data.hasNext}
            onOffset={setOffset}
          />
        </>
      ) : (
        <p className="empty">{t('tx.empty')}</p>
      )}
    </section>
  );
}

/** Type and currency of the movements shown. */
function TxFilters({ filter, onChange }: { filter: TxFilter; onChange: (next: TxFilter) => void }) {
  const t = useT();
  return (
    <>
      <label className="tx-filter">
        <span className="small muted">{t('tx.filterType')}</span>
        <select
          className="input input--sm"
          value={filter.type}
          onChange={(event) => onChange({ ...filter, type: event.target.value })}
        >
          <option value="">{t('tx.all')}</option>
          {WALLET_TRANSACTION_TYPES.map((name) => (
            <option key={name} value={name}>
              {t(`tx.type.${name}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="tx-filter">
        <span className="small muted">{t('tx.filterCurrency')}</span>
        <select
          className="input input--sm"
          value={filter.currency}
          onChange={(event) => onChange({ ...filter, currency: event.target.value })}
        >
          <option value="">{t('tx.all')}</option>
          {CRYPTOCURRENCIES.map((coin) => (
            <option key={coin} value={coin}>
              {coin}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

function TxPager({
  offset,
  shown,
  total,
  hasNext,
  onOffset,
}: {
  offset: number;
  shown: number;
  total: number;
  hasNext: boolean;
  onOffset: (offset: number) => void;
}) {
  const t = useT();
  return (
    <div className="tx-pager">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - PAGE))}
      >
        {t('tx.prev')}
      </button>
      <span className="small muted num">
        {t('tx.range', { from: offset + 1, to: offset + shown, total })}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!hasNext}
        onClick={() => onOffset(offset + PAGE)}
      >
        {t('tx.next')}
      </button>
    </div>
  );
}

function Change({ value, coin, label }: { value: string; coin: string; label?: string }) {
  const fmt = useFormat();
  const change = signedChange(value);
  if (!change) return null;
  return (
    <span className={`num tx-change tx-change--${change.sign === '+' ? 'in' : 'out'}`}>
      {label ? <span className="small muted">{label} </span> : null}
      {change.sign}
      {fmt.crypto(change.abs, coin)}
    </span>
  );
}

function TransactionRow({ row }: { row: WalletTransactionView }) {
  const t = useT();
  const fmt = useFormat();
  const coin = row.currency;
  const total = signedChange(row.totalChange);
  return (
    <li className="tx-row" data-testid="tx-row" data-operation={row.operation}>
      <div className="tx-row__main">
        <span className="tx-row__op">{t(`tx.op.${row.operation}`)}</span>
        <span className="small muted">{fmt.dateTime(row.createdAt)}</span>
      </div>
      <div className="tx-row__amounts">
        {total ? (
          <Change value={row.totalChange} coin={coin} />
        ) : (
          <>
            <Change value={row.availableChange} coin={coin} label={t('tx.availableChange')} />
            <Change value={row.lockedChange} coin={coin} label={t('tx.lockedChange')} />
          </>
        )}
      </div>
      <div className="tx-row__details small muted">
        {isWithdrawalStatus(row.status) ? <span>{t(`wd.status.${row.status}`)}</span> : null}
        {row.fee && signedChange(row.fee) ? (
          <span>{t('tx.feeOf', { fee: fmt.crypto(row.fee, coin) })}</span>
        ) : null}
        {row.reference?.type === 'trade' ? (
          <Link to={`/trade/${row.reference.id}`}>{t('tx.trade', { id: shortRef(row.reference.id) })}</Link>
        ) : row.reference?.type === 'order' ? (
          <Link to={`/order/${row.reference.id}`}>{t('tx.order', { id: shortRef(row.reference.id) })}</Link>
        ) : null}
        {row.network ? <span>{row.network}</span> : null}
        {row.explorerUrl ? (
          <a href={row.explorerUrl} target="_blank" rel="noreferrer noopener">
            {t('tx.explorer')}
          </a>
        ) : null}
      </div>
    </li>
  );
}

function isWithdrawalStatus(value: string | null): value is WithdrawalStatus {
  return value !== null && (WITHDRAWAL_STATUSES as readonly string[]).includes(value);
}
