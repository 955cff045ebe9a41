import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useI18n } from '@/i18n';
import { fiatSign } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { takerSide } from '../lib/side';
import { cryptoPreview, tradeLimitTexts } from '../lib/trade-form';
import type { TradeFlow } from './useTradeFlow';

/**
 * The trade creation form (spec 1 §2 and §5): a FIAT amount and a payment method, the crypto
 * it buys (rounded down as the server does) and the warnings before committing.
 */
export function TradeForm({ flow, title = true }: { flow: TradeFlow; title?: boolean }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const id = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const { order, values, issues, showIssues } = flow;
  const side = takerSide(order.type);
  const limits = tradeLimitTexts(order);
  const sign = fiatSign(order.fiat_currency);
  const crypto = cryptoPreview(values.amount, order.price_per_unit);
  const range = {
    min: fmt.fiat(limits.min, order.fiat_currency),
    max: fmt.fiat(limits.max, order.fiat_currency),
  };
  const amountError = showIssues && issues.amount ? t(`newTrade.amount.${issues.amount}`, range) : null;
  const methodError = showIssues && issues.paymentMethod ? t('newTrade.method.required') : null;
  const submitting = flow.stage === 'submitting';

  useEffect(() => {
    if (flow.stage === 'form') amountRef.current?.focus();
  }, [flow.stage]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (flow.submit()) return;
    if (issues.amount) amountRef.current?.focus();
    else document.getElementById(`${id}-method`)?.focus();
  };

  const setAmount = (amount: string) => flow.setValues({ ...values, amount });
  const method = values.paymentMethod ? fmt.paymentMethod(values.paymentMethod) : null;

  return (
    <form
      className="trade-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={title ? `${id}-t` : undefined}
    >
      {title ? (
        <h3 id={`${id}-t`} className="trade-form__title">
          {t(side === 'buy' ? 'orders.buyCrypto' : 'orders.sellCrypto', { crypto: order.cryptocurrency })}
        </h3>
      ) : null}

      <div className="field">
        <label className="field__label" htmlFor={`${id}-amount`}>
          {t('newTrade.amountLabel', { sign })}
        </label>
        <div className="amount-input">
          <input
            ref={amountRef}
            id={`${id}-amount`}
            className="input num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={fmt.number(limits.min, 2)}
            value={values.amount}
            disabled={submitting}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ''}`}
            onChange={(event) => setAmount(event.target.value)}
          />
          <span className="amount-input__sign" aria-hidden="true">
            {sign}
          </span>
        </div>
        <div className="trade-form__limits">
          <p id={`${id}-amount-hint`} className="field__hint num">
            {t('newTrade.limitsHint', range)}
          </p>
          <div className="trade-form__quick">
            <button
              type="button"
              className="chip-btn"
              onClick={() => setAmount(limits.min)}
              disabled={submitting}
            >
              {t('newTrade.min')}
            </button>
            <button
              type="button"
              className="chip-btn"
              onClick={() => setAmount(limits.max)}
              disabled={submitting}
            >
              {t('newTrade.max')}
            </button>
          </div>
        </div>
        {amountError ? (
          <p id={`${id}-amount-error`} className="field__error" role="alert">
            {amountError}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-method`}>
          {t('newTrade.methodLabel')}
        </label>
        <select
          id={`${id}-method`}
          className="input"
          value={values.paymentMethod}
          disabled={submitting}
          aria-invalid={methodError ? true : undefined}
          aria-describedby={methodError ? `${id}-method-error` : undefined}
          onChange={(event) => flow.setValues({ ...values, paymentMethod: event.target.value })}
        >
          <option value="">{t('newTrade.methodPlaceholder')}</option>
          {order.payment_methods.map((code) => (
            <option key={code} value={code}>
              {fmt.paymentMethod(code)}
            </option>
          ))}
        </select>
        {methodError ? (
          <p id={`${id}-method-error`} className="field__error" role="alert">
            {methodError}
          </p>
        ) : null}
      </div>

      <div className={`trade-form__result trade-form__result--${side}`} aria-live="polite">
        <span className="trade-form__result-label">
          {t(side === 'buy' ? 'newTrade.youGet' : 'newTrade.youGive')}
        </span>
        <span className="trade-form__result-value num">
          {crypto ? fmt.crypto(crypto, order.cryptocurrency) : '—'}
        </span>
        <span className="small muted num">
          {t('newTrade.atPrice', {
            price: fmt.fiat(order.price_per_unit, order.fiat_currency),
            crypto: order.cryptocurrency,
          })}
        </span>
      </div>

      <ul className="trade-warnings small">
        <li>
          {method
            ? t(side === 'buy' ? 'newTrade.warn.payFromMethod' : 'newTrade.warn.acceptOnlyMethod', { method })
            : t(side === 'buy' ? 'newTrade.warn.payFromAny' : 'newTrade.warn.acceptOnlyAny')}
        </li>
        <li>{t(side === 'buy' ? 'newTrade.warn.keepReceipt' : 'newTrade.warn.checkBank')}</li>
        <li>
          {t(side === 'buy' ? 'newTrade.warn.escrowSeller' : 'newTrade.warn.escrowYours', {
            crypto: order.cryptocurrency,
          })}
        </li>
        <li>{t('newTrade.warn.timeLimit', { minutes: order.time_limit })}</li>
      </ul>

      <div className="trade-form__actions">
        <button type="button" className="btn btn--ghost" onClick={flow.close} disabled={submitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={`btn btn--${side}`} disabled={submitting}>
          {t(side === 'buy' ? 'orders.buyCrypto' : 'orders.sellCrypto', { crypto: order.cryptocurrency })}
        </button>
      </div>
    </form>
  );
}
