import {
  CRYPTOCURRENCIES,
  FIAT_CURRENCIES,
  FIAT_SIGN,
  formatRu,
  ORDER_MIN_CRYPTO,
  ORDER_MIN_FIAT,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { orderKeys, ordersApi, paymentMethodLabel } from '@/features/orders';
import { useI18n } from '@/i18n';
import { ApiError, newIdempotencyKey } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CalculatorCard } from '../components/CalculatorCard';
import { Field } from '../components/Field';
import { PreviewDialog } from '../components/PreviewDialog';
import { PriceHelper } from '../components/PriceHelper';
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
  toCreateOrderBody,
} from '../lib/order-form';
import '../create-order.css';

type ServerError = { message: string; walletLink: boolean };

/** Create-order screen (spec 3 §2): form, calculator, preview, overlay, then the new order's page. */
export function CreateOrderPage() {
  const { t, lang } = useI18n();
  useDocumentTitle(t('page.createOrder'));
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form, setForm] = useState<OrderFormState>(() =>
    initialOrderForm(params.get('type') === 'sell' ? 'sell' : 'buy'),
  );
  const [touched, setTouched] = useState<Set<OrderField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const [serverFields, setServerFields] = useState<Partial<Record<OrderField, string>>>({});
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);
  // A server refusal is announced and brought into view.
  useEffect(() => {
    if (serverError) errorRef.current?.focus();
  }, [serverError]);

  const issues = orderFormIssues(form);
  const issueText = (issue: OrderFieldIssue) => {
    if (lang === 'ru') return issue.message;
    const vars = {
      min: ORDER_MIN_CRYPTO[form.cryptocurrency],
      crypto: form.cryptocurrency,
      amount: `${formatRu(ORDER_MIN_FIAT[form.fiat])} ${FIAT_SIGN[form.fiat]}`,
    };
    return t(`createOrder.rule.${issue.rule}` as Parameters<typeof t>[0], vars);
  };
  const errorOf = (field: OrderField): string | undefined => {
    if (serverFields[field]) return serverFields[field];
    if (!submitted && !touched.has(field)) return undefined;
    const issue = issues.find((i) => i.field === field);
    return issue ? issueText(issue) : undefined;
  };

  const update = <K extends keyof OrderFormState>(key: K, value: OrderFormState[K], field?: OrderField) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (field) setServerFields(({ [field]: _dropped, ...rest }) => rest);
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

  const create = useMutation({
    mutationFn: ({ body, key }: { body: ReturnType<typeof toCreateOrderBody>; key: string }) =>
      ordersApi.create(body, key),
    onSuccess: (created) => {
      attempt.current = null;
      toast.success(t('createOrder.created'));
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      // The overlay closes in this commit; the page changes in the next one.
      leaveTimer.current = setTimeout(() => navigate(`/order/${created.id}`), 0);
    },
    onError: (error) => {
      setServerError(toServerError(error, t('createOrder.insufficient'), t('createOrder.createError')));
      setServerFields(fieldErrorsOf(error));
    },
  });

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
    setServerError(null);
    const body = toCreateOrderBody(form);
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    create.mutate({ body, key: attempt.current.key });
  };

  const sign = FIAT_SIGN[form.fiat];
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
          <fieldset className="panel form-section">
            <legend className="form-section__title">{t('createOrder.section.type')}</legend>
            <fieldset className="type-switch">
              <legend className="sr-only">{t('createOrder.field.type')}</legend>
              {(['buy', 'sell'] as const).map((type) => (
                <button
                  key={type}
                  type="button"
                  className={`type-switch__item type-switch__item--${type}`}
                  aria-pressed={form.type === type}
                  onClick={() => update('type', type)}
                >
                  <strong>{t(type === 'buy' ? 'createOrder.type.buy' : 'createOrder.type.sell')}</strong>
                  <span className="small">
                    {t(type === 'buy' ? 'createOrder.type.buyHint' : 'createOrder.type.sellHint')}
                  </span>
                </button>
              ))}
            </fieldset>
            <div className="form-row">
              <fieldset className="field field--set">
                <legend className="field__label">{t('createOrder.field.crypto')}</legend>
                <div className="segmented">
                  {CRYPTOCURRENCIES.map((coin) => (
                    <button
                      key={coin}
                      type="button"
                      className="segmented__item"
                      aria-pressed={form.cryptocurrency === coin}
                      onClick={() => update('cryptocurrency', coin, 'amount_crypto')}
                    >
                      {coin}
                    </button>
                  ))}
                </div>
              </fieldset>
              <fieldset className="field field--set">
                <legend className="field__label">{t('createOrder.field.fiat')}</legend>
                <div className="segmented">
                  {FIAT_CURRENCIES.map((fiat) => (
                    <button
                      key={fiat}
                      type="button"
                      className="segmented__item"
                      aria-pressed={form.fiat === fiat}
                      onClick={() => update('fiat', fiat, 'total_amount')}
                    >
                      {fiat}
                    </button>
                  ))}
                </div>
              </fieldset>
            </div>
          </fieldset>

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
                  {paymentMethodLabel(method, lang)}
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
                  amount: `${formatRu(ORDER_MIN_FIAT[form.fiat])} ${sign}`,
                })}
                placeholder={formatRu(ORDER_MIN_FIAT[form.fiat])}
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
      <Dialog open={create.isPending} onClose={() => undefined} labelledBy={`${id}-overlay`}>
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

function toServerError(error: unknown, insufficient: string, fallback: string): ServerError {
  if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
    return { message: insufficient, walletLink: true };
  }
  return { message: (error instanceof Error && error.message) || fallback, walletLink: false };
}

/** VALIDATION_ERROR details carry {path, message} per field; put them where they belong. */
function fieldErrorsOf(error: unknown): Partial<Record<OrderField, string>> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const issues =
    (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
  const fields: Partial<Record<OrderField, string>> = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] as OrderField;
    fields[field] ??= issue.message;
  }
  return fields;
}
