import {
  type CreateOrderRequest,
  isSwapPayment,
  methodServesFiat,
  ORDER_MIN_CRYPTO,
  ORDER_MIN_FIAT,
} from '@p2p/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/Dialog';
import { useUserSettings } from '@/features/settings';
import { useSellingGate } from '@/features/two-factor';
import { currentLang, useI18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { catalogueResolver } from '@/lib/form-resolver';
import { Link, useSearchParams } from '@/lib/router';
import { useTelegramClosingConfirmation, useTelegramMainButton } from '@/lib/telegram/hooks';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { CalculatorCard } from '../components/CalculatorCard';
import {
  AmountSection,
  ConditionsSection,
  LimitsSection,
  MethodsSection,
  TermsSection,
} from '../components/OrderSections';
import { PreviewDialog } from '../components/PreviewDialog';
import { type SwapAsk, SwapPublishDialog } from '../components/SwapPublishDialog';
import { TypeSection } from '../components/TypeSection';
import { type ServerError, useCreateOrder } from '../components/useCreateOrder';
import {
  canPreview,
  defaultTimeLimit,
  FORM_FIELD_OF,
  initialOrderForm,
  type OrderFormState,
  orderFormSchema,
} from '../lib/order-form';
import '../create-order.css';

/**
 * The order form: react-hook-form over the order rules and the shared CreateOrderRequest, its
 * minimums named in the UI language. The payment window starts from the settings' default unless
 * the field was already edited.
 */
function useOrderForm(initialType: 'buy' | 'sell') {
  const fmt = useFormat();
  const resolver = useMemo(() => {
    // The minimums a message names, written in the UI language.
    const values = (form: OrderFormState): Record<string, string> =>
      isSwapPayment(form.fiat)
        ? {
            min: ORDER_MIN_CRYPTO[form.cryptocurrency],
            crypto: form.cryptocurrency,
            amount: ORDER_MIN_CRYPTO[form.fiat],
            currency: form.fiat,
            payIn: form.fiat,
          }
        : {
            min: ORDER_MIN_CRYPTO[form.cryptocurrency],
            crypto: form.cryptocurrency,
            amount: fmt.fiat(ORDER_MIN_FIAT[form.fiat], form.fiat, 0),
          };
    return catalogueResolver<OrderFormState, CreateOrderRequest>(orderFormSchema(values), currentLang);
  }, [fmt]);
  const form = useForm<OrderFormState, unknown, CreateOrderRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialOrderForm(initialType),
  });
  const preferredWindow = useUserSettings().data?.trading?.timeLimit;
  useEffect(() => {
    if (preferredWindow === undefined || form.getFieldState('timeLimit').isDirty) return;
    form.setValue('timeLimit', defaultTimeLimit(preferredWindow));
  }, [preferredWindow, form]);
  return form;
}

/**
 * Create-order screen: the form (react-hook-form over the order rules and the
 * shared CreateOrderRequest), the calculator, the preview, the overlay, then the new order.
 */
export function CreateOrderPage() {
  const { t } = useI18n();
  useDocumentTitle(t('page.createOrder'));
  const id = useId();
  const [params] = useSearchParams();
  const form = useOrderForm(params.get('type') === 'sell' ? 'sell' : 'buy');
  const [previewing, setPreviewing] = useState<CreateOrderRequest | null>(null);
  const gate = useSellingGate();
  const minRating = useUserSettings().data?.trading?.minRating;
  // A swap offer is published with a fresh code, and a far price with a confirmation (docs/decisions/026).
  const [swapBody, setSwapBody] = useState<CreateOrderRequest | null>(null);
  const [swapAsk, setSwapAsk] = useState<SwapAsk | null>(null);
  const { submit, submitting, serverError } = useCreateOrder(
    (field, message) => {
      // A rule of a field the form does not show (the banner says it) has no place to go.
      if (FORM_FIELD_OF[field]) form.setError(FORM_FIELD_OF[field], { type: 'server', message });
    },
    gate,
    (error, body) => {
      if (!isSwapPayment(body.fiat_currency) || !(error instanceof ApiError)) return false;
      if (error.code !== 'PRICE_CONFIRMATION_REQUIRED' && error.code !== 'TWO_FACTOR_REQUIRED') return false;
      if ((error.details as { reason?: string } | undefined)?.reason === 'not_enabled') return false;
      setSwapAsk({ message: error.message, priceAsk: error.code === 'PRICE_CONFIRMATION_REQUIRED' });
      return true;
    },
  );

  const values = form.watch();
  const openPreview = form.handleSubmit((body) => setPreviewing(body));
  // Inside Telegram the MainButton opens the preview, as the calculator's button does.
  useTelegramMainButton({
    text: t('createOrder.preview'),
    onClick: () => void openPreview(),
    disabled: !canPreview(values) || previewing !== null,
    loading: submitting,
  });
  useTelegramClosingConfirmation(form.formState.isDirty || submitting);
  const confirm = () => {
    if (previewing && isSwapPayment(previewing.fiat_currency)) {
      setSwapBody(previewing);
      setSwapAsk({ message: null, priceAsk: false });
    } else if (previewing) submit(previewing);
    setPreviewing(null);
  };
  const sendSwap = (code: string, confirmPrice: boolean) => {
    if (!swapBody) return;
    setSwapAsk(null);
    submit({ ...swapBody, totp_code: code, confirm_price: confirmPrice || undefined });
  };

  return (
    <section className="page create-order" aria-labelledby="create-title">
      <div className="page__head">
        <h1 id="create-title" className="page__title">
          {t('page.createOrder')}
        </h1>
        <p className="muted">{t('createOrder.subtitle')}</p>
      </div>
      <ServerErrorBanner error={serverError} />
      <div className="create-order__grid">
        <form className="create-order__form" onSubmit={openPreview} noValidate>
          <TypeSection
            form={values}
            onType={(type) => form.setValue('type', type)}
            onCrypto={(coin) =>
              form.setValue('cryptocurrency', coin, { shouldValidate: form.formState.isSubmitted })
            }
            onFiat={(fiat) => {
              form.setValue('fiat', fiat, { shouldValidate: form.formState.isSubmitted });
              if (isSwapPayment(fiat)) form.setValue('type', 'sell');
              // Methods of another currency do not carry over (PAYMENT_METHODS_BY_FIAT).
              const kept = isSwapPayment(fiat)
                ? []
                : form.getValues('methods').filter((m) => methodServesFiat(m, fiat));
              form.setValue('methods', kept, { shouldValidate: form.formState.isSubmitted });
            }}
          />
          <AmountSection form={form} id={id} />
          <MethodsSection form={form} id={id} />
          <LimitsSection form={form} id={id} />
          <TermsSection form={form} id={id} />
          <ConditionsSection form={form} id={id} minRating={minRating} />
          {/* Enter in a field opens the preview too. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
        <CalculatorCard form={values} canPreview={canPreview(values)} onPreview={() => void openPreview()} />
      </div>
      <PreviewDialog
        open={previewing !== null}
        form={values}
        onConfirm={confirm}
        onClose={() => setPreviewing(null)}
      />
      {gate.dialog}
      <SwapPublishDialog ask={swapAsk} onSend={sendSwap} onClose={() => setSwapAsk(null)} />
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

/** A server refusal, announced and brought into view; a balance too low links to the wallet. */
function ServerErrorBanner({ error }: { error: ServerError | null }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  return (
    <div ref={ref} tabIndex={-1} className="alert alert--error create-order__error" role="alert">
      {error.message} {error.walletLink ? <Link to="/wallet">{t('createOrder.toWallet')}</Link> : null}
    </div>
  );
}
