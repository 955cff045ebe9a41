import { formatCrypto } from '@p2p/shared';
import { useState } from 'react';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useI18n } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { reservesApi, useReservesOverview } from '../api/reserves-api';
import { HistoryChart } from '../components/HistoryChart';
import '../reserves.css';

/**
 * The public reserves page (docs/decisions/039): per coin what the platform owes (the root's
 * sums), what its published addresses hold on chain at the snapshot, the ratio, the history,
 * and the address list to sum on any block explorer.
 */
export function ReservesPage() {
  const { t } = useI18n();
  const fmt = useFormat();
  useDocumentTitle(t('reserves.page.title'));
  const overview = useReservesOverview();
  const [downloading, setDownloading] = useState(false);

  const downloadAddresses = async () => {
    setDownloading(true);
    try {
      const list = await reservesApi.addresses();
      const blob = new Blob([`${JSON.stringify(list, null, 2)}\n`], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `reserve-addresses-${(list.takenAt ?? new Date().toISOString()).slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

  const latest = overview.data?.latest ?? null;
  return (
    <section className="page reserves" aria-labelledby="reserves-title">
      <div className="page__head">
        <h1 id="reserves-title" className="page__title">
          {t('reserves.page.title')}
        </h1>
      </div>
      <p className="muted">{t('reserves.page.intro')}</p>
      {overview.isPending ? (
        <LoadingState text={t('reserves.verifying')} />
      ) : overview.error ? (
        <MessageState title={t('reserves.page.title')} text={overview.error.message} />
      ) : !latest ? (
        <MessageState title={t('reserves.page.none')} />
      ) : (
        <>
          <section className="panel" aria-labelledby="reserves-latest">
            <h2 id="reserves-latest" className="panel__title">
              {t('reserves.snapshotAt', { time: fmt.dateTime(latest.takenAt) })}
            </h2>
            <table className="reserves__table">
              <thead>
                <tr>
                  <th scope="col">{t('reserves.page.coin')}</th>
                  <th scope="col">{t('reserves.page.owed')}</th>
                  <th scope="col">{t('reserves.page.held')}</th>
                  <th scope="col">{t('reserves.page.ratio')}</th>
                </tr>
              </thead>
              <tbody>
                {latest.coins.map((c) => (
                  <tr key={c.coin}>
                    <td>{c.coin}</td>
                    <td>{fmt.crypto(formatCrypto(BigInt(c.owed)), c.coin)}</td>
                    <td>
                      {c.held === null
                        ? t('reserves.page.unknown')
                        : fmt.crypto(formatCrypto(BigInt(c.held)), c.coin)}
                    </td>
                    <td>{c.ratio === null ? '—' : fmt.percent(Number(c.ratio) * 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="reserves__root">
              {t('reserves.root')}: <code>{latest.rootHash}</code>
            </p>
            <p className="muted">{t('reserves.page.accounts', { count: latest.leafCount })}</p>
            {latest.auditHead ? (
              <p className="muted reserves__hash">
                {t('reserves.page.auditHead', { seq: latest.auditHead.seq, hash: latest.auditHead.hash })}
              </p>
            ) : null}
            <div className="state__actions">
              <button
                type="button"
                className="btn btn--ghost"
                onClick={downloadAddresses}
                disabled={downloading}
              >
                {t('reserves.page.addresses')}
              </button>
            </div>
          </section>
          <section className="panel" aria-labelledby="reserves-history">
            <h2 id="reserves-history" className="panel__title">
              {t('reserves.page.history')}
            </h2>
            <HistoryChart history={overview.data?.history ?? []} label={t('reserves.page.history')} />
          </section>
        </>
      )}
    </section>
  );
}
