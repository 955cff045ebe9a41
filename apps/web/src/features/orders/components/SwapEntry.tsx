import type { OrderView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { PriceConfirmation } from '@/components/PriceConfirmation';
import { Dialog } from '@/components/ui/Dialog';
import { InputField } from '@/components/ui/InputField';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { SecondFactorField, type SellingGate, useSellingGate } from '@/features/two-factor';
import { useT } from '@/i18n';
import { ApiError, newIdempotencyKey } from '@/lib/api';
import { WALLET_KEY } from '@/lib/balances';
import { useFeePpm } from '@/lib/platform-config';
import { useNavigate } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { orderKeys, ordersApi, type TakeSwapBody } from '../api/orders-api';
import { swapQuote } from '../lib/swap-quote';
import { normalizeDecimalInput, tradeLimitTexts } from '../lib/trade-limits';
import { useTradeBlock } from './TradeEntry';

/**
 * «Обменять» on an order paid in a coin (docs/decisions/026): the taker names the coins to
 * receive, sees exactly what they give and get after the fee, confirms with a second-factor code
 * (and the price, when the server finds it far from the market); both balances change at once.
 * A taker without two-factor enrols first, in place, and carries on (docs/decisions/038).
 */
export function SwapEntry({ order }: { order: OrderView }) {
  const t = useT();
  const id = useId();
  const block = useTradeBlock(order);
  const { status } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const gate = useSellingGate('swap');
  if (block === 'own') return <p className="small muted">{t('orders.ownOrder')}</p>;
  if (block) {
    return (
      <p className="alert alert--warn trade-entry__blocked">
        {t(block === 'inactive' ? 'orders.inactiveNoTrades' : 'orders.exhausted')}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn--buy btn--block btn--lg"
        onClick={() =>
          status === 'signed-out'
            ? navigate(`/auth?return=${encodeURIComponent(`/order/${order.id}`)}`)
            : void gate.ensure(() => setOpen(true))
        }
      >
        {t('swap.action')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={`${id}-t`}>
        <h2 id={`${id}-t`} className="dialog__title">
          {t('swap.title', { crypto: order.cryptocurrency, payIn: order.fiat_currency })}
        </h2>
        <SwapForm order={order} gate={gate} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
      </Dialog>
      {gate.dialog}
    </>
  );
}

/**
 * The amount, the quote, the price confirmation when asked for, and the code. A refusal for
 * having no two-factor opens `gate`'s enrolment; the form stays as typed for the new code.
 */
export function SwapForm({
  order,
  gate,
  onDone,
  onCancel,
}: {
  order: OrderView;
  gate?: SellingGate;
  onDone: () => void;
  /** A code dialog can always be left (docs/decisions/034). */
  onCancel?: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const feePpm = useFeePpm();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [priceAsk, setPriceAsk] = useState<string | null>(null);
  const [confirmPrice, setConfirmPrice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const quote = swapQuote(order, amount, feePpm ?? 0n);
  // The most is what the offer has left when that is less than its own limit.
  const limits = tradeLimitTexts(order);
  const swap = useMutation({
    mutationFn: (body: TakeSwapBody) => ordersApi.takeSwap(order.id, body, key.current),
    onSuccess: (done) => {
      toast.success(t('swap.done', { amount: fmt.crypto(done.received_amount, done.cryptocurrency) }));
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      onDone();
    },
    onError: (e) => {
      key.current = newIdempotencyKey();
      if (gate?.handle(e, () => setError(null))) {
        setCode('');
        return;
      }
      if (e instanceof ApiError && e.code === 'PRICE_CONFIRMATION_REQUIRED') {
        setPriceAsk(e.message);
        setError(null);
        return;
      }
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  const ready = quote.ok && code.trim() !== '' && (priceAsk === null || confirmPrice) && !swap.isPending;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    swap.mutate({
      amount_crypto: normalizeDecimalInput(amount),
      totp_code: code.trim(),
      confirm_price: confirmPrice || undefined,
    });
  };
  return (
    <form className="swap-form stack" onSubmit={submit} noValidate>
      <p className="small muted">{t('swap.instant')}</p>
      <InputField
        id={`${id}-amount`}
        label={t('swap.receive', { crypto: order.cryptocurrency })}
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        className="num"
        hint={t('swap.limits', {
          min: fmt.fiat(limits.min, order.fiat_currency),
          max: fmt.fiat(limits.max, order.fiat_currency),
        })}
        error={amount.trim() !== '' && !quote.ok ? t(quote.problem) : null}
      />
      {quote.ok ? (
        <dl className="swap-quote small" aria-live="polite">
          <div>
            <dt>{t('swap.give')}</dt>
            <dd className="num">{fmt.crypto(quote.paid, order.fiat_currency)}</dd>
          </div>
          <div>
            <dt>{t('swap.fee')}</dt>
            <dd className="num">{fmt.crypto(quote.fee, order.cryptocurrency)}</dd>
          </div>
          <div>
            <dt>{t('swap.get')}</dt>
            <dd className="num">
              <strong>{fmt.crypto(quote.received, order.cryptocurrency)}</strong>
            </dd>
          </div>
        </dl>
      ) : null}
      {priceAsk ? (
        <PriceConfirmation message={priceAsk} confirmed={confirmPrice} onConfirmed={setConfirmPrice} />
      ) : null}
      <SecondFactorField
        id={`${id}-code`}
        label={t('swap.codeLabel')}
        value={code}
        onChange={setCode}
        error={error}
      />
      <div className="dialog__actions">
        {onCancel ? (
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={swap.isPending}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className="btn btn--buy" disabled={!ready}>
          {swap.isPending ? t('swap.sending') : t('swap.action')}
        </button>
      </div>
    </form>
  );
}
