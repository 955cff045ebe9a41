import type { CreateTradeRequest } from '@p2p/shared';
import { useEffect, useId, useMemo, useRef } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { currentLang, useI18n } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { fiatSign } from '@/lib/format';
import { quoteFee, useFeePpm } from '@/lib/platform-config';
import { useTelegramClosingConfirmation, useTelegramMainButton } from '@/lib/telegram/hooks';
import { type Formatter, useFormat } from '@/lib/use-format';
import { useMyLimits } from '../api/queries';
import { takerSide } from '../lib/side';
import {
  buyerCap,
  cryptoPreview,
  limitBlock,
  type TradeFormValues,
  tradeFormSchema,
  tradeLimitTexts,
} from '../lib/trade-form';
import { LimitNotice } from './LimitNotice';
import { TradeSummary, TradeWarnings } from './TradeSummary';
import type { TradeFlow } from './useTradeFlow';

type Form = UseFormReturn<TradeFormValues, unknown, CreateTradeRequest>;

/**
 * The trade creation form (docs/product/trading-rules.md): a FIAT amount and a payment method, the crypto
 * it buys (rounded down as the server does), the platform fee and the buyer's net amount, and
 * the warnings before committing. react-hook-form over the trade rules and the shared schema.
 * The caller's trade limits (docs/decisions/023, "Limits") come first: a new account's cap
 * lowers the largest amount offered, and a suspended or full account is told why instead.
 */
export function TradeForm({ flow, title = true }: { flow: TradeFlow; title?: boolean }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const id = useId();
  const { order } = flow;
  const side = takerSide(order.type);
  const { form, limits, cap, block, range } = useTradeForm(flow);
  const submitting = flow.stage === 'submitting';
  const amount = form.watch('amount');
  const method = form.watch('paymentMethod');
  const crypto = cryptoPreview(amount, order.price_per_unit);
  const feePpm = useFeePpm();
  const fee = crypto && feePpm !== null ? quoteFee(crypto, feePpm) : null;

  const label = t(side === 'buy' ? 'orders.buyCrypto' : 'orders.sellCrypto', {
    crypto: order.cryptocurrency,
  });
  // Inside Telegram the MainButton sends the form (the same submit, so never twice).
  const formRef = useRef<HTMLFormElement>(null);
  useTelegramMainButton(
    block ? null : { text: label, onClick: () => formRef.current?.requestSubmit(), loading: submitting },
  );
  useTelegramClosingConfirmation(!block && (form.formState.isDirty || submitting));
  if (block) {
    return (
      <LimitNotice block={block} fiat={order.fiat_currency} min={order.min_amount} onClose={flow.close} />
    );
  }
  return (
    <form
      ref={formRef}
      className="trade-form"
      onSubmit={form.handleSubmit((body, event) => {
        event?.preventDefault();
        flow.submit(body, form.getValues());
      })}
      noValidate
      aria-labelledby={title ? `${id}-t` : undefined}
    >
      {title ? (
        <h3 id={`${id}-t`} className="trade-form__title">
          {label}
        </h3>
      ) : null}
      <AmountField
        form={form}
        flow={flow}
        range={range}
        cap={cap === null ? null : { max: cap, trades: limits.data?.newAccountTrades ?? 0 }}
        disabled={submitting}
      />
      <MethodField form={form} methods={order.payment_methods} disabled={submitting} />
      <TradeSummary order={order} crypto={crypto} fee={fee} />
      <TradeWarnings order={order} method={method ? fmt.paymentMethod(method) : null} />
      <div className="trade-form__actions">
        <button type="button" className="btn btn--ghost" onClick={flow.close} disabled={submitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={`btn btn--${side}`} disabled={submitting}>
          {label}
        </button>
      </div>
    </form>
  );
}

/**
 * The form over the order's rules and the caller's limits: a new account's cap, a block that
 * says why no trade can be opened, the range as the UI writes it. The amount takes focus as the
 * form opens.
 */
function useTradeForm(flow: TradeFlow) {
  const fmt = useFormat();
  const { order } = flow;
  const limits = useMyLimits();
  const cap = buyerCap(limits.data, order.type, order.fiat_currency);
  const block = limitBlock(limits.data, order.type, order);
  const range = useMemo(() => limitTexts(order, fmt, cap), [order, fmt, cap]);
  const resolver = useMemo(
    () =>
      catalogueResolver<TradeFormValues, CreateTradeRequest>(
        tradeFormSchema(order.id, order, range, cap),
        currentLang,
      ),
    [order, range, cap],
  );
  const form: Form = useForm({ resolver, defaultValues: flow.draft, shouldFocusError: true });
  useEffect(() => {
    if (flow.stage === 'form') form.setFocus('amount');
  }, [flow.stage, form]);
  return { form, limits, cap, block, range };
}

/** The order's limits (and the caller's cap) written for the UI: the hint and the range message say the same. */
function limitTexts(order: TradeFlow['order'], fmt: Formatter, cap: bigint | null) {
  const limits = tradeLimitTexts(order, cap);
  return { min: fmt.fiat(limits.min, order.fiat_currency), max: fmt.fiat(limits.max, order.fiat_currency) };
}

function AmountField({
  form,
  flow,
  range,
  cap,
  disabled,
}: {
  form: Form;
  flow: TradeFlow;
  range: { min: string; max: string };
  /** A new account's cap, and the completed trades that lift it. */
  cap: { max: bigint; trades: number } | null;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const fmt = useFormat();
  const id = useId();
  const { order } = flow;
  const limits = tradeLimitTexts(order, cap?.max ?? null);
  const sign = fiatSign(order.fiat_currency);
  const error = form.formState.errors.amount?.message;
  const setAmount = (value: string) => {
    form.setValue('amount', value);
    form.clearErrors('amount');
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-amount`}>
        {t('newTrade.amountLabel', { sign })}
      </label>
      <div className="amount-input">
        <input
          id={`${id}-amount`}
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          placeholder={fmt.number(limits.min, 2)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-amount-hint${error ? ` ${id}-amount-error` : ''}`}
          {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
        />
        <span className="amount-input__sign" aria-hidden="true">
          {sign}
        </span>
      </div>
      <div className="trade-form__limits">
        <p id={`${id}-amount-hint`} className="field__hint num">
          {t('newTrade.limitsHint', range)}
        </p>
        <QuickAmounts limits={limits} onAmount={setAmount} disabled={disabled} />
      </div>
      {cap !== null ? (
        <p className="field__hint trade-form__cap num" data-testid="new-account-cap">
          {t('limits.form.capHint', { max: fmt.fiatMinor(cap.max, order.fiat_currency), trades: cap.trades })}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-amount-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The order's smallest and largest amount, one click each. */
function QuickAmounts({
  limits,
  onAmount,
  disabled,
}: {
  limits: { min: string; max: string };
  onAmount: (amount: string) => void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="trade-form__quick">
      <button type="button" className="chip-btn" onClick={() => onAmount(limits.min)} disabled={disabled}>
        {t('newTrade.min')}
      </button>
      <button type="button" className="chip-btn" onClick={() => onAmount(limits.max)} disabled={disabled}>
        {t('newTrade.max')}
      </button>
    </div>
  );
}

function MethodField({ form, methods, disabled }: { form: Form; methods: string[]; disabled: boolean }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const id = useId();
  const error = form.formState.errors.paymentMethod?.message;
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-method`}>
        {t('newTrade.methodLabel')}
      </label>
      <select
        id={`${id}-method`}
        className="input"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-method-error` : undefined}
        {...form.register('paymentMethod', { onChange: () => form.clearErrors('paymentMethod') })}
      >
        <option value="">{t('newTrade.methodPlaceholder')}</option>
        {methods.map((code) => (
          <option key={code} value={code}>
            {fmt.paymentMethod(code)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-method-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
