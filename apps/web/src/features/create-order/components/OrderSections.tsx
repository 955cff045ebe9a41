import {
  type CreateOrderRequest,
  defaultTimeLimit,
  isSwapPayment,
  ORDER_MIN_CRYPTO,
  ORDER_MIN_FIAT,
  PAYMENT_METHODS_BY_FIAT,
  type PaymentMethod,
  TAKER_CONDITION_MAX,
} from '@p2p/shared';
import type { UseFormReturn } from 'react-hook-form';
import { DetailsNeededNote } from '@/features/payment-methods';
import { useT } from '@/i18n';
import { fiatSign } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import {
  counterTone,
  DESCRIPTION_MAX,
  type OrderFormState,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
} from '../lib/order-form';
import { Field } from './Field';
import { FloatingPriceFields, PriceTypeToggle } from './FloatingPrice';
import { PriceHelper } from './PriceHelper';

export type OrderForm = UseFormReturn<OrderFormState, unknown, CreateOrderRequest>;

/** A field's error, already in the UI language. */
const errorOf = (form: OrderForm, name: keyof OrderFormState) => form.formState.errors[name]?.message;

/** Amount in crypto and price per unit, with the market price helper. */
export function AmountSection({ form, id }: { form: OrderForm; id: string }) {
  const t = useT();
  const { cryptocurrency: crypto, priceType, fiat } = form.watch();
  // A swap offer has a fixed price only (docs/decisions/026).
  const floating = priceType === 'floating' && !isSwapPayment(fiat);
  return (
    <fieldset className="panel form-section">
      <legend className="form-section__title">{t('createOrder.section.amount')}</legend>
      <Field
        id={`${id}-amount`}
        label={t('createOrder.field.amountIn', { crypto })}
        hint={t('createOrder.hint.amount', { min: ORDER_MIN_CRYPTO[crypto], crypto })}
        error={errorOf(form, 'amount')}
        suffix={crypto}
        field={form.register('amount')}
      />
      {isSwapPayment(fiat) ? null : <PriceTypeToggle form={form} />}
      {floating ? <FloatingPriceFields form={form} id={id} /> : <FixedPrice form={form} id={id} />}
    </fieldset>
  );
}

/** A fixed price with the market price helper. */
function FixedPrice({ form, id }: { form: OrderForm; id: string }) {
  const t = useT();
  const { cryptocurrency: crypto, fiat, price } = form.watch();
  const sign = fiatSign(fiat);
  return (
    <>
      <Field
        id={`${id}-price`}
        label={t('createOrder.field.priceIn', { crypto, sign })}
        error={errorOf(form, 'price')}
        suffix={sign}
        field={form.register('price')}
      />
      {isSwapPayment(fiat) ? (
        <p className="small muted">{t('swap.publishNote', { payIn: fiat })}</p>
      ) : (
        <PriceHelper
          crypto={crypto}
          fiat={fiat}
          price={price}
          onPrice={(next) => form.setValue('price', next, { shouldTouch: true, shouldValidate: true })}
        />
      )}
    </>
  );
}

/** Payment methods as toggles; at least one. */
export function MethodsSection({ form, id }: { form: OrderForm; id: string }) {
  const t = useT();
  const fmt = useFormat();
  const [methods, fiat, type] = form.watch(['methods', 'fiat', 'type']);
  const error = errorOf(form, 'methods');
  // A swap (paid in a coin) has no payment methods (docs/decisions/026).
  if (isSwapPayment(fiat)) return null;
  const toggle = (method: PaymentMethod) => {
    const next = methods.includes(method) ? methods.filter((m) => m !== method) : [...methods, method];
    form.setValue('methods', next, { shouldTouch: true, shouldValidate: true });
    // Until the user sets the time to pay, it follows the slowest chosen method.
    if (next.length > 0 && !form.getFieldState('timeLimit').isDirty)
      form.setValue('timeLimit', String(defaultTimeLimit(next)));
  };
  return (
    <fieldset className="panel form-section" aria-describedby={`${id}-methods-e`}>
      <legend className="form-section__title">{t('createOrder.field.methods')}</legend>
      <div className="method-toggles" id={`${id}-methods`} tabIndex={-1}>
        {PAYMENT_METHODS_BY_FIAT[fiat].map((method) => (
          <button
            key={method}
            type="button"
            className="filter-chip"
            aria-pressed={methods.includes(method)}
            onClick={() => toggle(method)}
          >
            {fmt.paymentMethod(method)}
          </button>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-methods-e`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint">{t('createOrder.hint.methods')}</p>
      )}
      {/* The owner of a sell order sends the details on each trade (docs/decisions/034). */}
      {type === 'sell' ? <DetailsNeededNote /> : null}
    </fieldset>
  );
}

/** Limits of one trade; empty means the smallest allowed minimum and the whole order. */
export function LimitsSection({ form, id }: { form: OrderForm; id: string }) {
  const t = useT();
  const fmt = useFormat();
  const fiat = form.watch('fiat');
  const sign = fiatSign(fiat);
  // A swap's limits are in its payment coin, from that coin's order minimum (docs/decisions/026).
  const floor = isSwapPayment(fiat) ? ORDER_MIN_CRYPTO[fiat] : ORDER_MIN_FIAT[fiat];
  return (
    <fieldset className="panel form-section">
      <legend className="form-section__title">{t('createOrder.section.limits')}</legend>
      <div className="form-row">
        <Field
          id={`${id}-minLimit`}
          label={t('createOrder.field.minLimit', { sign })}
          hint={t('createOrder.hint.minLimit', { amount: fmt.fiat(floor, fiat, 0) })}
          placeholder={fmt.number(floor)}
          error={errorOf(form, 'minLimit')}
          suffix={sign}
          field={form.register('minLimit')}
        />
        <Field
          id={`${id}-maxLimit`}
          label={t('createOrder.field.maxLimit', { sign })}
          hint={t('createOrder.hint.maxLimit')}
          error={errorOf(form, 'maxLimit')}
          suffix={sign}
          field={form.register('maxLimit')}
        />
      </div>
    </fieldset>
  );
}

/** Description (with its counter) and the time to pay. */
export function TermsSection({ form, id }: { form: OrderForm; id: string }) {
  const t = useT();
  const length = form.watch('description').length;
  const swap = isSwapPayment(form.watch('fiat'));
  const error = errorOf(form, 'description');
  return (
    <fieldset className="panel form-section">
      <legend className="form-section__title">{t('createOrder.section.terms')}</legend>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          {t('createOrder.field.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className="input textarea"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          placeholder={t('createOrder.hint.description')}
          aria-describedby={`${id}-description-c`}
          aria-invalid={error ? true : undefined}
          {...form.register('description')}
        />
        <p id={`${id}-description-c`} className={`char-counter char-counter--${counterTone(length)} num`}>
          {length}/{DESCRIPTION_MAX}
        </p>
        {error ? <p className="field__error">{error}</p> : null}
      </div>
      {swap ? null : (
        <Field
          id={`${id}-timeLimit`}
          label={t('createOrder.field.timeLimit')}
          hint={t('createOrder.hint.timeLimit')}
          error={errorOf(form, 'timeLimit')}
          suffix={t('createOrder.minutesShort')}
          type="number"
          min={TIME_LIMIT_MIN}
          max={TIME_LIMIT_MAX}
          field={form.register('timeLimit')}
        />
      )}
    </fieldset>
  );
}

/**
 * «Условия для контрагента» (docs/decisions/028): the completed trades and account age a taker
 * must have, both optional; the minimum rating is the trading settings' (`minRating`, 0: none).
 */
export function ConditionsSection({
  form,
  id,
  minRating,
}: {
  form: OrderForm;
  id: string;
  minRating?: number;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <fieldset className="panel form-section">
      <legend className="form-section__title">{t('conditions.section')}</legend>
      <p className="field__hint">{t('conditions.sectionHint')}</p>
      <div className="form-row">
        <Field
          id={`${id}-minTakerTrades`}
          label={t('conditions.minTradesField')}
          error={errorOf(form, 'minTakerTrades')}
          type="number"
          min={0}
          max={TAKER_CONDITION_MAX.trades}
          field={form.register('minTakerTrades')}
        />
        <Field
          id={`${id}-minTakerAgeDays`}
          label={t('conditions.minAgeField')}
          error={errorOf(form, 'minTakerAgeDays')}
          type="number"
          min={0}
          max={TAKER_CONDITION_MAX.ageDays}
          field={form.register('minTakerAgeDays')}
        />
      </div>
      <p className="field__hint">
        {minRating ? t('conditions.ratingHint', { min: fmt.rating(minRating) }) : t('conditions.ratingNone')}{' '}
        <Link to="/profile">{t('conditions.ratingLink')}</Link>
      </p>
    </fieldset>
  );
}
