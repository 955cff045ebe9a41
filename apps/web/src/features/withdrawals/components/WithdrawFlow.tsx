import { type Cryptocurrency, type NetworkId, networksOf, type WithdrawalView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useSellingGate, useTwoFactorStatus } from '@/features/two-factor';
import { useT } from '@/i18n';
import { newIdempotencyKey } from '@/lib/api';
import { useWalletBalances, WALLET_KEY } from '@/lib/balances';
import { usePlatformConfig } from '@/lib/platform-config';
import {
  SAVED_ADDRESSES_KEY,
  useSavedAddresses,
  WITHDRAWALS_KEY,
  withdrawalsApi,
} from '../api/withdrawals-api';
import { checkWithdrawForm } from '../lib/withdraw-form';
import { WithdrawConfirm, WithdrawDone } from './WithdrawConfirm';
import { type DetailsDraft, WithdrawDetails } from './WithdrawDetails';
import { WithdrawSelect } from './WithdrawSelect';

export type WithdrawStep = 'select' | 'details' | 'confirm' | 'done';
const STEP_NUMBER = { select: 1, details: 2, confirm: 3, done: 3 } as const;
const EMPTY_DRAFT: DetailsDraft = { address: '', amount: '', save: false, label: '' };

/**
 * Withdraw: select → details → confirm → submit, back allowed. Continue waits for
 * a valid amount, a valid address and amount + fee within the balance (the server's own rules);
 * the confirm step asks for the two-factor code, and leads a user without two-factor through
 * enrolment first (docs/decisions/023).
 */
export function WithdrawFlow({
  initialCurrency,
  currencyFixed = false,
  onClose,
}: {
  initialCurrency: Cryptocurrency;
  currencyFixed?: boolean;
  /** In a dialog: closes it. On the page the flow starts over instead. */
  onClose?: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const config = usePlatformConfig();
  const balances = useWalletBalances();
  const twoFactor = useTwoFactorStatus();
  const gate = useSellingGate();
  const saved = useSavedAddresses();
  const [currency, setCurrency] = useState(initialCurrency);
  const [network, setNetwork] = useState<NetworkId>(networksOf(initialCurrency)[0]?.id ?? 'BTC');
  const [step, setStep] = useState<WithdrawStep>(
    networksOf(initialCurrency).length === 1 && currencyFixed ? 'details' : 'select',
  );
  const [draft, setDraft] = useState<DetailsDraft>(EMPTY_DRAFT);
  const [totp, setTotp] = useState('');
  const [result, setResult] = useState<WithdrawalView | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());

  const available = balances.data?.find((b) => b.cryptocurrency === currency)?.available ?? '0.00000000';
  const devnet = config.data?.chainMode === 'devnet';
  const check = useMemo(
    () => checkWithdrawForm({ network, amount: draft.amount, address: draft.address, available, devnet }),
    [network, draft.amount, draft.address, available, devnet],
  );
  const twoFactorOn = twoFactor.data?.enabled === true;
  const labelMissing = draft.save && !draft.label.trim();

  const submit = useMutation({
    mutationFn: async () => {
      if (!check.address || !check.quote) throw new Error('form not valid');
      // One code covers the withdrawal and saving its address (docs/decisions/023).
      return withdrawalsApi.request(
        {
          cryptocurrency: currency,
          network,
          amount: draft.amount.trim().replace(',', '.'),
          toAddress: check.address,
          totpCode: totp.trim(),
          ...(draft.save && draft.label.trim() ? { saveLabel: draft.label.trim() } : {}),
        },
        idempotencyKey.current,
      );
    },
    onError: (error) => {
      gate.handle(error, () => undefined);
    },
    onSuccess: (view) => {
      if (draft.save) void queryClient.invalidateQueries({ queryKey: SAVED_ADDRESSES_KEY });
      setResult(view);
      setStep('done');
      idempotencyKey.current = newIdempotencyKey();
      // Balances reload 1 s after a request.
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
        void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
      }, 1000);
    },
  });

  const restart = () => {
    setDraft(EMPTY_DRAFT);
    setTotp('');
    setResult(null);
    submit.reset();
    setStep('select');
  };

  const heading =
    step === 'done' ? null : (
      <p className="small muted">
        {t('wd.steps', { n: STEP_NUMBER[step] })} · {t(`wd.step.${step}`)}
      </p>
    );
  const cancel = onClose ? (
    <button type="button" className="btn btn--ghost" onClick={onClose}>
      {t('common.cancel')}
    </button>
  ) : null;

  return (
    <div className="withdraw-flow">
      {heading}
      {step === 'select' ? (
        <>
          <WithdrawSelect
            currency={currency}
            currencyFixed={currencyFixed}
            network={network}
            onCurrency={(coin) => {
              setCurrency(coin);
              setNetwork(networksOf(coin)[0]?.id ?? 'BTC');
            }}
            onNetwork={setNetwork}
          />
          <div className="dialog__actions">
            {cancel}
            <button type="button" className="btn btn--primary" onClick={() => setStep('details')}>
              {t('common.continue')}
            </button>
          </div>
        </>
      ) : step === 'details' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (check.ok && !labelMissing) setStep('confirm');
          }}
        >
          <WithdrawDetails
            network={network}
            available={available}
            draft={draft}
            onDraft={setDraft}
            check={check}
            saved={saved.data ?? []}
          />
          <div className="dialog__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() =>
                currencyFixed && networksOf(currency).length === 1 ? onClose?.() : setStep('select')
              }
            >
              {t('common.back')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={!check.ok || labelMissing}>
              {t('common.continue')}
            </button>
          </div>
        </form>
      ) : step === 'confirm' && check.quote && check.address ? (
        <WithdrawConfirm
          network={network}
          address={check.address}
          quote={check.quote}
          twoFactorOn={twoFactorOn}
          onEnrol={() => void gate.ensure(() => undefined)}
          totp={totp}
          onTotp={setTotp}
          pending={submit.isPending}
          error={submit.isError ? submit.error.message : null}
          onSubmit={() => {
            if (!submit.isPending) submit.mutate();
          }}
          onBack={() => setStep('details')}
        />
      ) : result ? (
        <WithdrawDone result={result} onClose={onClose} onAgain={restart} />
      ) : null}
      {gate.dialog}
    </div>
  );
}
