import {
  type Cryptocurrency,
  NETWORKS,
  type NetworkId,
  type NetworkInfo,
  networksOf,
  parseAmount,
  tryParseAmount,
} from '@p2p/shared';
import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { DepositAddress } from './DepositAddress';

type Step = 'select' | 'details' | 'address';
const STEP_NUMBER: Record<Step, number> = { select: 1, details: 2, address: 3 };

/**
 * Deposit: select the network, see its terms and say how much, then the user's own
 * address with a QR code drawn here. On the devnet a button sends that amount as a test
 * transfer; the credit then comes through the chain watcher like any other.
 */
export function DepositDialog({
  currency,
  devnet,
  onClose,
}: {
  currency: Cryptocurrency;
  devnet: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const networks = networksOf(currency);
  const only = networks.length === 1 ? networks[0] : undefined;
  const [step, setStep] = useState<Step>(only ? 'details' : 'select');
  const [network, setNetwork] = useState<NetworkId>((only ?? networks[0] ?? NETWORKS.BTC).id);
  const [amount, setAmount] = useState('');
  const info = NETWORKS[network];

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('dep.title', { currency })}
      </h2>
      <p className="small muted">
        {t('dep.steps', { n: STEP_NUMBER[step] })} · {t(`dep.step.${step}`)}
      </p>
      {step === 'select' ? (
        <NetworkChoice
          networks={networks}
          value={network}
          onChange={setNetwork}
          onNext={() => setStep('details')}
          onCancel={onClose}
        />
      ) : step === 'details' ? (
        <DepositDetails
          info={info}
          amount={amount}
          onAmount={setAmount}
          onBack={only ? onClose : () => setStep('select')}
          backLabel={only ? t('common.cancel') : t('common.back')}
          onNext={() => setStep('address')}
        />
      ) : (
        <DepositAddress
          info={info}
          amount={amount}
          devnet={devnet}
          onBack={() => setStep('details')}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function NetworkChoice({
  networks,
  value,
  onChange,
  onNext,
  onCancel,
}: {
  networks: NetworkInfo[];
  value: NetworkId;
  onChange: (id: NetworkId) => void;
  onNext: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <>
      <fieldset className="choice-list">
        <legend className="field__label">{t('dep.network')}</legend>
        {networks.map((n) => (
          <label key={n.id} className="choice">
            <input
              type="radio"
              name="deposit-network"
              checked={value === n.id}
              onChange={() => onChange(n.id)}
            />
            <span className="choice__title">{n.label}</span>
            <span className="small muted">
              {t('dep.min')}: {fmt.number(n.deposit.min)} {n.currency} · {t('dep.confirmations')}:{' '}
              {n.deposit.confirmations}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onNext}>
          {t('common.continue')}
        </button>
      </div>
    </>
  );
}

/** The deposit amount must reach the network minimum before the address is shown. */
export function depositAmountOk(info: NetworkInfo, text: string): boolean {
  const amount = tryParseAmount(text.trim().replace(',', '.'), 8);
  return (
    amount !== null &&
    amount >= parseAmount(info.deposit.min, 8) &&
    amount <= parseAmount(info.deposit.max, 8)
  );
}

function DepositDetails({
  info,
  amount,
  onAmount,
  onBack,
  backLabel,
  onNext,
}: {
  info: NetworkInfo;
  amount: string;
  onAmount: (value: string) => void;
  onBack: () => void;
  backLabel: string;
  onNext: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const ok = depositAmountOk(info, amount);
  const showError = amount.trim() !== '' && !ok;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ok) onNext();
      }}
    >
      <DepositTerms info={info} />
      <InputField
        id={`${id}-amount`}
        label={t('dep.amount')}
        value={amount}
        onChange={onAmount}
        inputMode="decimal"
        className="num"
        hint={t('dep.amountHint', { min: fmt.number(info.deposit.min), currency: info.currency })}
        error={
          showError
            ? t('dep.err.belowMin', { min: fmt.number(info.deposit.min), currency: info.currency })
            : null
        }
      />
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {backLabel}
        </button>
        <button type="submit" className="btn btn--primary" disabled={!ok}>
          {t('dep.getAddress')}
        </button>
      </div>
    </form>
  );
}

/** The network's terms: limits, confirmations, no fee. */
function DepositTerms({ info }: { info: NetworkInfo }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <dl className="facts">
      <div>
        <dt>{t('dep.network')}</dt>
        <dd>{info.label}</dd>
      </div>
      <div>
        <dt>{t('dep.min')}</dt>
        <dd className="num">
          {fmt.number(info.deposit.min)} {info.currency}
        </dd>
      </div>
      <div>
        <dt>{t('dep.max')}</dt>
        <dd className="num">
          {fmt.number(info.deposit.max)} {info.currency}
        </dd>
      </div>
      <div>
        <dt>{t('dep.confirmations')}</dt>
        <dd className="num">{info.deposit.confirmations}</dd>
      </div>
      <div>
        <dt>{t('dep.fee')}</dt>
        <dd className="num">0%</dd>
      </div>
    </dl>
  );
}
