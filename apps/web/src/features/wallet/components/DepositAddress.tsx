import type { NetworkInfo } from '@p2p/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CopyText } from '@/components/ui/CopyText';
import { QrCode } from '@/components/ui/QrCode';
import { LoadingState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { walletApi } from '../api/wallet-api';
import { DepositList } from './DepositList';

/**
 * The deposit dialog's last step: the user's own address on the network with its QR code,
 * the rules, the deposits still waiting on it, and on the devnet a test transfer.
 */
export function DepositAddress({
  info,
  amount,
  devnet,
  onBack,
  onDone,
}: {
  info: NetworkInfo;
  amount: string;
  devnet: boolean;
  onBack: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const address = useQuery({
    queryKey: ['wallet', 'deposit-address', info.id],
    queryFn: () => walletApi.depositAddress(info.id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const send = useMutation({
    mutationFn: (to: string) => walletApi.devTransfer(info.id, to, amount.trim().replace(',', '.')),
    onSuccess: () => toast.success(t('dep.devSent')),
    onError: (error) => toast.error(error.message),
  });

  if (address.isPending) return <LoadingState text={t('dep.loadingAddress')} />;
  if (address.isError) return <AddressError message={address.error.message} onBack={onBack} />;
  const view = address.data;
  return (
    <>
      {view.chainMode === 'devnet' ? <p className="alert alert--warn small">{t('dep.devnet')}</p> : null}
      <AddressBlock info={info} address={view.address} />
      <p className="small muted">
        {t('dep.rules', {
          currency: info.currency,
          network: info.label,
          confirmations: view.confirmations,
          // '10' stays 10: only zeros after a decimal point are dropped
          min: fmt.number(view.minimum.includes('.') ? view.minimum.replace(/\.?0+$/, '') : view.minimum),
        })}
      </p>
      {devnet && view.chainMode === 'devnet' ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm dev-transfer"
          disabled={send.isPending}
          onClick={() => send.mutate(view.address)}
        >
          {t('dep.devSend')} · {fmt.number(amount.trim().replace(',', '.'))} {info.currency}
        </button>
      ) : null}
      <DepositList network={info.id} compact />
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {t('dep.done')}
        </button>
      </div>
    </>
  );
}

function AddressError({ message, onBack }: { message: string; onBack: () => void }) {
  const t = useT();
  return (
    <>
      <p className="alert alert--error" role="alert">
        {message}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
      </div>
    </>
  );
}

/** The address as a QR code and as text to copy. */
function AddressBlock({ info, address }: { info: NetworkInfo; address: string }) {
  const t = useT();
  return (
    <div className="deposit-address">
      <QrCode value={address} label={t('dep.qr')} />
      <div className="deposit-address__text">
        <p className="field__label">
          {t('dep.addressLabel', { currency: info.currency, network: info.label })}
        </p>
        <p className="mono deposit-address__value" data-testid="deposit-address">
          {address}
        </p>
        <CopyText text={address} label={t('dep.copyLabel')} />
      </div>
    </div>
  );
}
