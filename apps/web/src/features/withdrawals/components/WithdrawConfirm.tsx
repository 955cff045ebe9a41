import { NETWORKS, type NetworkId, type WithdrawalView } from '@p2p/shared';
import { useId } from 'react';
import { SecondFactorField } from '@/features/two-factor';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useTelegramMainButton } from '@/lib/telegram/hooks';
import { useFormat } from '@/lib/use-format';
import { shortAddress, type WithdrawQuote } from '../lib/withdraw-form';
import { QuoteFacts } from './WithdrawDetails';

/** Step 3: what will leave and where, the two-factor code (enrolment first without it), then submit. */
export function WithdrawConfirm({
  network,
  address,
  quote,
  twoFactorOn,
  onEnrol,
  totp,
  onTotp,
  pending,
  error,
  onSubmit,
  onBack,
}: {
  network: NetworkId;
  address: string;
  quote: WithdrawQuote;
  twoFactorOn: boolean;
  /** Withdrawing needs two-factor on: start enrolment. */
  onEnrol: () => void;
  totp: string;
  onTotp: (code: string) => void;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const t = useT();
  const id = useId();
  const currency = NETWORKS[network].currency;
  const ready = twoFactorOn && totp.trim() !== '';
  // Inside Telegram the MainButton sends the request (its loader while it runs).
  useTelegramMainButton({ text: t('wd.submit'), onClick: onSubmit, disabled: !ready, loading: pending });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <dl className="facts">
        <div>
          <dt>{t('wd.network')}</dt>
          <dd>{NETWORKS[network].label}</dd>
        </div>
        <div>
          <dt>{t('wd.address')}</dt>
          <dd className="mono break">{address}</dd>
        </div>
      </dl>
      <QuoteFacts quote={quote} coin={currency} />
      <p className="alert alert--warn small">{t('wd.irreversible')}</p>
      {twoFactorOn ? (
        <SecondFactorField id={`${id}-totp`} label={t('wd.totp')} value={totp} onChange={onTotp} />
      ) : (
        <EnrolFirst onEnrol={onEnrol} />
      )}
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={pending || !ready}>
          {pending ? t('wd.sending') : t('wd.submit')}
        </button>
      </div>
    </form>
  );
}

/** Withdrawing needs two-factor on: the way to turn it on, in place of the code. */
function EnrolFirst({ onEnrol }: { onEnrol: () => void }) {
  const t = useT();
  return (
    <div className="alert alert--warn small" data-testid="withdraw-enrol">
      <p>{t('security.enrolToSell')}</p>
      <button type="button" className="btn btn--primary btn--sm" onClick={onEnrol}>
        {t('tfa.enable')}
      </button>
    </div>
  );
}

/** After submitting: queued for review, or an internal transfer already done. */
export function WithdrawDone({
  result,
  onClose,
  onAgain,
}: {
  result: WithdrawalView;
  /** In a dialog: closes it; on the page a new request starts instead. */
  onClose?: () => void;
  onAgain: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <div className="withdraw-done">
      <p className="alert alert--success" role="status">
        {result.internal ? t('wd.internalDone') : t('wd.submitted')}
      </p>
      {result.internal ? <p className="small">{t('wd.internalNote')}</p> : null}
      <dl className="facts">
        <div>
          <dt>{result.internal ? t('wd.internal') : t('wd.address')}</dt>
          <dd className="mono">{shortAddress(result.toAddress)}</dd>
        </div>
        <div>
          <dt>{t('wd.total')}</dt>
          <dd className="num">{fmt.crypto(result.total, result.cryptocurrency)}</dd>
        </div>
        <div>
          <dt>{t('wdh.status')}</dt>
          <dd>{t(`wd.status.${result.status}`)}</dd>
        </div>
      </dl>
      <div className="dialog__actions">
        <Link to="/withdrawals/history" className="btn btn--ghost" onClick={onClose}>
          {t('wdh.toHistory')}
        </Link>
        <button type="button" className="btn btn--primary" onClick={onClose ?? onAgain}>
          {onClose ? t('common.close') : t('wdh.toRequest')}
        </button>
      </div>
    </div>
  );
}
