import {
  type Cryptocurrency,
  type NetworkId,
  networksOf,
  type WithdrawalRequest,
  type WithdrawalView,
} from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type SellingGate, useSellingGate, useTwoFactorStatus } from '@/features/two-factor';
import { currentLang } from '@/i18n';
import { newIdempotencyKey } from '@/lib/api';
import { useWalletBalances, WALLET_KEY } from '@/lib/balances';
import { catalogueResolver } from '@/lib/form-resolver';
import { usePlatformConfig } from '@/lib/platform-config';
import {
  SAVED_ADDRESSES_KEY,
  useSavedAddresses,
  WITHDRAWALS_KEY,
  withdrawalsApi,
} from '../api/withdrawals-api';
import {
  checkWithdrawForm,
  type WithdrawContext,
  type WithdrawFormValues,
  withdrawRequestSchema,
} from '../lib/withdraw-form';

export type WithdrawStep = 'select' | 'details' | 'confirm' | 'done';
const EMPTY: WithdrawFormValues = { address: '', amount: '', save: false, label: '', totp: '' };

/**
 * The withdraw form (react-hook-form): destination and amount checked as they are typed with the
 * server's own rules, and the shared WithdrawalRequest the confirm step sends, via its resolver.
 */
function useWithdrawForm(context: WithdrawContext) {
  const { currency, network, available, devnet } = context;
  const resolver = useMemo(
    () =>
      catalogueResolver<WithdrawFormValues, WithdrawalRequest>(
        withdrawRequestSchema({ currency, network, available, devnet }),
        currentLang,
      ),
    [currency, network, available, devnet],
  );
  const form = useForm<WithdrawFormValues, unknown, WithdrawalRequest>({ resolver, defaultValues: EMPTY });
  const values = form.watch();
  // The fee and total are shown as soon as the amount holds.
  const check = useMemo(
    () => checkWithdrawForm({ network, amount: values.amount, address: values.address, available, devnet }),
    [network, values.amount, values.address, available, devnet],
  );
  const labelMissing = values.save && !values.label.trim();
  return { form, values, check, canConfirm: check.ok && !labelMissing };
}

/** Sends the request with one Idempotency-Key per submission; balances reload 1 s later. */
function useWithdrawSubmit(gate: SellingGate, onDone: (view: WithdrawalView) => void) {
  const queryClient = useQueryClient();
  const idempotencyKey = useRef(newIdempotencyKey());
  return useMutation({
    mutationFn: (body: WithdrawalRequest) => withdrawalsApi.request(body, idempotencyKey.current),
    onError: (error) => {
      gate.handle(error, () => undefined);
    },
    onSuccess: (view, body) => {
      if (body.saveLabel !== undefined) void queryClient.invalidateQueries({ queryKey: SAVED_ADDRESSES_KEY });
      onDone(view);
      idempotencyKey.current = newIdempotencyKey();
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
        void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
      }, 1000);
    },
  });
}

/**
 * The withdraw flow's state: the coin and network, the step, the form, and the submission; a
 * user without two-factor is led through enrolment (the gate's dialog).
 */
export function useWithdrawFlow(initialCurrency: Cryptocurrency, currencyFixed: boolean) {
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
  const [result, setResult] = useState<WithdrawalView | null>(null);
  const available = balances.data?.find((b) => b.cryptocurrency === currency)?.available ?? '0.00000000';
  const devnet = config.data?.chainMode === 'devnet';
  const { form, values, check, canConfirm } = useWithdrawForm({ currency, network, available, devnet });
  const submit = useWithdrawSubmit(gate, (view) => {
    setResult(view);
    setStep('done');
  });

  return {
    currency,
    network,
    step,
    setStep,
    result,
    form,
    values,
    check,
    available,
    gate,
    canConfirm,
    saved: saved.data ?? [],
    twoFactorOn: twoFactor.data?.enabled === true,
    chooseCurrency: (coin: Cryptocurrency) => {
      setCurrency(coin);
      setNetwork(networksOf(coin)[0]?.id ?? 'BTC');
    },
    setNetwork,
    send: form.handleSubmit((body) => {
      if (!submit.isPending) submit.mutate(body);
    }),
    sending: submit.isPending,
    sendError: submit.isError ? submit.error.message : null,
    restart: () => {
      form.reset(EMPTY);
      setResult(null);
      submit.reset();
      setStep('select');
    },
  };
}

export type WithdrawFlowState = ReturnType<typeof useWithdrawFlow>;
