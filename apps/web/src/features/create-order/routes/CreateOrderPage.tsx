import { ORDER_MIN_CRYPTO, ORDER_MIN_FIAT, PAYMENT_METHODS, type PaymentMethod } from '@p2p/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';

import { useI18n } from '@/i18n';
import { fiatSign } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CalculatorCard } from '../components/CalculatorCard';
import { Field } from '../components/Field';
import { PreviewDialog } from '../components/PreviewDialog';
import { PriceHelper } from '../components/PriceHelper';
import { TypeSection } from '../components/TypeSection';
import { useCreateOrder } from '../components/useCreateOrder';
import {
  canPreview,
  counterTone,
  DESCRIPTION_MAX,
  initialOrderForm,
  type OrderField,
  type OrderFieldIssue,
  type OrderFormState,
  orderFormIssues,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
} from '../lib/order-form';
import '../create-order.css';
import { useFormat } from '@/lib/use-format';

/** Create-order screen (spec 3 §2): form, calculator, preview, overlay, then the new order's page. */
export function CreateOrderPage() {
  const { t } = useI18n();
  const fmt = useFormat();
  useDocumentTitle(t('page.createOrder'));
  const id = useId();
  const [params] = useSearchParams();
  const [form, setForm] = useState<OrderFormState>(() =>
    initialOrderForm(params.get('type') === 'sell' ? 'sell' : 'buy'),
  );
  const [touched, setTouched] = useState<Set<OrderField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const { submit, submitting, serverError, serverFields, clearField } = useCreateOrder();
  const errorRef = useRef<HTMLDivElement>(null);
  // A server refusal is announced and brought into view.
  useEffect(() => {
    if (serverError) errorRef.current?.focus();
  }, [serverError]);

  const issues = orderFormIssues(form);
  const issueText = (issue: OrderFieldIssue) =>
    t(issue.key, {
      min: ORDER_MIN_CRYPTO[form.cryptocurrency],
      crypto: form.cryptocurrency,
      amount: fmt.fiat(ORDER_MIN_FIAT[form.fiat], form.fiat, 0),
    });
  const errorOf = (field: OrderField): string | undefined => {
    if (serverFields[field]) return serverFields[field];
    if (!submitted && !touched.has(field)) return undefined;
    const issue = issues.find((i) => i.field === field);
    return issue ? issueText(issue) : undefined;
  };

  const update = <K extends keyof OrderFormState>(key: K, value: OrderFormState[K], field?: OrderField) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (field) clearField(field);
  };
  const touch = (field: OrderField) => setTouched((current) => new Set(current).add(field));
  const toggleMethod = (method: PaymentMethod) => {
    touch('payment_methods');
    update(
      'methods',
      form.methods.includes(method) ? form.methods.filter((m) => m !== method) : [...form.methods, method],
      'payment_methods',
    );
  };

  const openPreview = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (!canPreview(form)) return;
    if (issues.length > 0) {
      document.getElementById(`${id}-${issues[0]?.field}`)?.focus();
      return;
    }
    setPreviewing(true);
  };

  const confirm = () => {
    setPreviewing(false);
    submit(form);
  };

  const sign = fiatSign(form.fiat);
  const length = form.description.length;

  return (
    <section className="page create-order" aria-labelledby="create-title">
      <div className="page__head">
        <h1 id="create-title" className="page__title">
          {t('page.createOrder')}
        </h1>
        <p className="muted">{t('createOrder.subtitle')}</p>
      </div>

      {serverError ? (
        <div ref={errorRef} tabIndex={-1} className="alert alert--error create-order__error" role="alert">
          {serverError.message}{' '}
          {serverError.walletLink ? <Link to="/wallet">{t('createOrder.toWallet')}</Link> : null}
        </div>
      ) : null}

      <div className="create-order__grid">
        <form className="create-order__form" onSubmit={openPreview} noValidate>
          <TypeSection
            form={form}
            onType={(type) => update('type', type)}
            onCrypto={(coin) => update('cryptocurrency', coin, 'amount_crypto')}
            onFiat={(fiat) => update('fiat', fiat, 'total_amount')}
          />

          <fieldset className="panel form-section">
            <legend className="form-section__title">{t('createOrder.section.amount')}</legend>
            <Field
              id={`${id}-amount_crypto`}
              label={t('createOrder.field.amountIn', { crypto: form.cryptocurrency })}
              hint={t('createOrder.hint.amount', {
                min: ORDER_MIN_CRYPTO[form.cryptocurrency],
                crypto: form.cryptocurrency,
              })}
              error={errorOf('amount_crypto')}
              suffix={form.cryptocurrency}
              value={form.amount}
              onChange={(v) => update('amount', v, 'amount_crypto')}
              onBlur={() => touch('amount_crypto')}
            />
            <Field
              id={`${id}-price_per_unit`}
              label={t('createOrder.field.priceIn', { crypto: form.cryptocurrency, sign })}
              error={errorOf('price_per_unit')}
              suffix={sign}
              value={form.price}
              onChange={(v) => update('price', v, 'price_per_unit')}
              onBlur={() => touch('price_per_unit')}
            />
            <PriceHelper
              crypto={form.cryptocurrency}
              fiat={form.fiat}
              price={form.price}
              onPrice={(price) => {
                touch('price_per_unit');
                update('price', price, 'price_per_unit');
              }}
            />
            {errorOf('total_amount') ? (
              <p className="field__error" id={`${id}-total_amount`} tabIndex={-1} role="alert">
                {errorOf('total_amount')}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="panel form-section" aria-describedby={`${id}-payment_methods-e`}>
            <legend className="form-section__title">{t('createOrder.field.methods')}</legend>
            <div className="method-toggles" id={`${id}-payment_methods`} tabIndex={-1}>
              {PAYMENT_METHODS.map((method) => (
                <button
                  key={method}
                  type="button"
                  className="filter-chip"
                  aria-pressed={form.methods.includes(method)}
                  onClick={() => toggleMethod(method)}
                >
                  {fmt.paymentMethod(method)}
                </button>
              ))}
            </div>
            {errorOf('payment_methods') ? (
              <p className="field__error" id={`${id}-payment_methods-e`} role="alert">
                {errorOf('payment_methods')}
              </p>
            ) : (
              <p className="field__hint">{t('createOrder.hint.methods')}</p>
            )}
          </fieldset>

          <fieldset className="panel form-section">
            <legend className="form-section__title">{t('createOrder.section.limits')}</legend>
            <div className="form-row">
              <Field
                id={`${id}-min_amount`}
                label={t('createOrder.field.minLimit', { sign })}
                hint={t('createOrder.hint.minLimit', {
                  amount: fmt.fiat(ORDER_MIN_FIAT[form.fiat], form.fiat, 0),
                })}
                placeholder={fmt.number(ORDER_MIN_FIAT[form.fiat])}
                error={errorOf('min_amount')}
                suffix={sign}
                value={form.minLimit}
                onChange={(v) => update('minLimit', v, 'min_amount')}
                onBlur={() => touch('min_amount')}
              />
              <Field
                id={`${id}-max_amount`}
                label={t('createOrder.field.maxLimit', { sign })}
                hint={t('createOrder.hint.maxLimit')}
                error={errorOf('max_amount')}
                suffix={sign}
                value={form.maxLimit}
                onChange={(v) => update('maxLimit', v, 'max_amount')}
                onBlur={() => touch('max_amount')}
              />
            </div>
          </fieldset>

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
                value={form.description}
                placeholder={t('createOrder.hint.description')}
                aria-describedby={`${id}-description-c`}
                aria-invalid={errorOf('description') ? true : undefined}
                onChange={(event) => update('description', event.target.value, 'description')}
              />
              <p
                id={`${id}-description-c`}
                className={`char-counter char-counter--${counterTone(length)} num`}
              >
                {length}/{DESCRIPTION_MAX}
              </p>
              {errorOf('description') ? <p className="field__error">{errorOf('description')}</p> : null}
            </div>
            <Field
              id={`${id}-time_limit`}
              label={t('createOrder.field.timeLimit')}
              hint={t('createOrder.hint.timeLimit')}
              error={errorOf('time_limit')}
              suffix={t('createOrder.minutesShort')}
              type="number"
              min={TIME_LIMIT_MIN}
              max={TIME_LIMIT_MAX}
              value={form.timeLimit}
              onChange={(v) => update('timeLimit', v, 'time_limit')}
              onBlur={() => touch('time_limit')}
            />
          </fieldset>
          {/* Enter in a field opens the preview too. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>

        <CalculatorCard form={form} canPreview={canPreview(form)} onPreview={() => openPreview()} />
      </div>

      <PreviewDialog open={previewing} form={form} onConfirm={confirm} onClose={() => setPreviewing(false)} />
      <Dialog open={submitting} onClose={() => undefined} labelledBy={`${id}-overlay`}>
        <div className="create-overlay" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <h2 id={`${id}-overlay`} className="dialog__title">
            {t('createOrder.creating')}
          </h2>
        </div>
      </Dialog>
    </section>
  );
}
