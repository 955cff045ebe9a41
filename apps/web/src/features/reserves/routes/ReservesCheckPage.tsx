import { formatCrypto } from '@p2p/shared';
import { useEffect, useState } from 'react';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { useSession } from '@/features/auth';
import { useI18n } from '@/i18n';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { useMyReservesProof, useReservesOverview } from '../api/reserves-api';
import { checkMyProof, downloadProof, type ReservesCheck } from '../lib/check';
import '../reserves.css';

/**
 * «Проверить резервы» (docs/decisions/039): my entry in the latest snapshot, checked on this
 * device with WebCrypto against the published root, my balances as counted, the proof to keep.
 */
export function ReservesCheckPage() {
  const { t } = useI18n();
  const fmt = useFormat();
  useDocumentTitle(t('reserves.title'));
  const { user } = useSession();
  const proof = useMyReservesProof();
  const overview = useReservesOverview();
  const [check, setCheck] = useState<ReservesCheck | null>(null);

  useEffect(() => {
    if (!proof.data || !overview.data || !user) return;
    let live = true;
    void checkMyProof(proof.data, user.id, overview.data).then((result) => {
      if (live) setCheck(result);
    });
    return () => {
      live = false;
    };
  }, [proof.data, overview.data, user]);

  const head = (
    <div className="page__head page__head--split">
      <h1 className="page__title">{t('reserves.title')}</h1>
      <div className="head-actions">
        <Link to="/reserves" className="btn btn--ghost btn--sm">
          {t('reserves.publicLink')}
        </Link>
        <Link to="/wallet" className="btn btn--ghost btn--sm">
          {t('wallet.title')}
        </Link>
      </div>
    </div>
  );

  if (proof.isPending || overview.isPending) {
    return (
      <section className="page">
        {head}
        <LoadingState text={t('reserves.verifying')} />
      </section>
    );
  }
  if (proof.error || overview.error || !proof.data) {
    return (
      <section className="page">
        {head}
        <MessageState title={t('reserves.title')} text={(proof.error ?? overview.error)?.message} />
      </section>
    );
  }
  const data = proof.data;
  return (
    <section className="page reserves" aria-labelledby="reserves-check-title">
      {head}
      <p className="muted">{t('reserves.intro')}</p>
      <section className="panel" aria-labelledby="reserves-check-title">
        <h2 id="reserves-check-title" className="panel__title">
          {t('reserves.snapshotAt', { time: fmt.dateTime(data.takenAt) })}
        </h2>
        <output
          className={`reserves__verdict ${check?.ok ? 'is-ok' : check ? 'is-bad' : ''}`}
          aria-live="polite"
        >
          {check === null
            ? t('reserves.verifying')
            : check.ok
              ? t('reserves.verified')
              : t('reserves.failed', { reason: t(`reserves.failedReason.${check.reason}`) })}
        </output>
        <h3 className="reserves__subtitle">{t('reserves.counted')}</h3>
        <ul className="reserves__balances">
          {data.coins
            .filter((coin) => data.leaf.balances[coin] !== '0')
            .map((coin) => (
              <li key={coin}>
                <span>{coin}</span>
                <strong>{fmt.crypto(formatCrypto(BigInt(data.leaf.balances[coin] ?? '0')), coin)}</strong>
              </li>
            ))}
        </ul>
        <p className="reserves__root">
          {t('reserves.root')}: <code>{data.root.hash}</code>
        </p>
        <div className="state__actions">
          <button type="button" className="btn btn--primary" onClick={() => downloadProof(data)}>
            {t('reserves.download')}
          </button>
        </div>
        <p className="muted reserves__howto">{t('reserves.howTo')}</p>
      </section>
    </section>
  );
}
