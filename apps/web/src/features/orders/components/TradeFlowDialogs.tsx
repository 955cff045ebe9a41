import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';
import { type MessageKey, useT } from '@/i18n';
import { useLocation, useNavigate } from '@/lib/router';
import type { TradeErrorKind } from '../lib/trade-error';
import { TRADE_STEPS, type TradeFlow } from './useTradeFlow';

const STEP_KEYS: MessageKey[] = [
  'newTrade.step.check',
  'newTrade.step.create',
  'newTrade.step.lock',
  'newTrade.step.finish',
];

const ERROR_TEXT: Record<TradeErrorKind, { title: MessageKey; text: MessageKey; hints: MessageKey[] }> = {
  auth: {
    title: 'newTrade.err.auth.title',
    text: 'newTrade.err.auth.text',
    hints: ['newTrade.err.auth.h1', 'newTrade.err.auth.h2', 'newTrade.err.auth.h3'],
  },
  validation: {
    title: 'newTrade.err.validation.title',
    text: 'newTrade.err.validation.text',
    hints: ['newTrade.err.validation.h1', 'newTrade.err.validation.h2', 'newTrade.err.validation.h3'],
  },
  notFound: {
    title: 'newTrade.err.notFound.title',
    text: 'newTrade.err.notFound.text',
    hints: ['newTrade.err.notFound.h1', 'newTrade.err.notFound.h2'],
  },
  rateLimit: {
    title: 'newTrade.err.rateLimit.title',
    text: 'newTrade.err.rateLimit.text',
    hints: ['newTrade.err.rateLimit.h1'],
  },
  server: {
    title: 'newTrade.err.server.title',
    text: 'newTrade.err.server.text',
    hints: ['newTrade.err.server.h1', 'newTrade.err.server.h2', 'newTrade.err.server.h3'],
  },
  generic: {
    title: 'newTrade.err.generic.title',
    text: 'newTrade.err.generic.text',
    hints: ['newTrade.err.generic.h1', 'newTrade.err.generic.h2', 'newTrade.err.generic.h3'],
  },
  unexpected: {
    title: 'newTrade.err.unexpected.title',
    text: 'newTrade.err.unexpected.text',
    hints: ['newTrade.err.generic.h2', 'newTrade.err.generic.h3'],
  },
};

/** The progress overlay and the error dialog of a trade flow. Render them beside, not inside, the form's container. */
export function TradeFlowDialogs({ flow }: { flow: TradeFlow }) {
  return (
    <>
      <TradeProgressOverlay open={flow.stage === 'submitting'} percent={flow.percent} step={flow.step} />
      <TradeErrorDialog flow={flow} />
      {flow.gate.dialog}
    </>
  );
}

function TradeProgressOverlay({ open, percent, step }: { open: boolean; percent: number; step: number }) {
  const t = useT();
  const id = useId();
  return (
    // Nothing to close: the request is under way and the page follows its answer.
    <Dialog open={open} onClose={() => undefined} labelledBy={`${id}-t`}>
      <div className="trade-progress" aria-busy={percent < 100}>
        <span className="spinner" aria-hidden="true" />
        <h2 id={`${id}-t`} className="dialog__title">
          {t('newTrade.progressTitle')}
        </h2>
        <div
          className="progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-labelledby={`${id}-t`}
        >
          <span className="progress__bar" style={{ width: `${percent}%` }} />
        </div>
        <ol className="trade-progress__steps">
          {STEP_KEYS.map((key, index) => {
            const state = index < step ? 'done' : index === step && step < TRADE_STEPS ? 'active' : 'pending';
            return (
              <li key={key} className={`trade-progress__step trade-progress__step--${state}`}>
                <span className="trade-progress__mark" aria-hidden="true">
                  {state === 'done' ? <Icon name="check" size={14} /> : index + 1}
                </span>
                {t(key)}
              </li>
            );
          })}
        </ol>
      </div>
    </Dialog>
  );
}

function TradeErrorDialog({ flow }: { flow: TradeFlow }) {
  const t = useT();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const error = flow.error;
  // Leave after the dialog gave the page back (scroll, focus) in its own commit.
  const leaveTo = (to: string) => {
    flow.close();
    setTimeout(() => navigate(to), 0);
  };
  const returnTo = encodeURIComponent(location.pathname + location.search);
  return (
    <Dialog
      open={flow.stage === 'error' && error !== null}
      onClose={flow.close}
      labelledBy={`${id}-t`}
      describedBy={`${id}-d`}
    >
      <div className="dialog__icon dialog__icon--error">
        <Icon name="alert" size={22} />
      </div>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('newTrade.err.title')}
      </h2>
      <TradeErrorText id={`${id}-d`} error={error} />
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={flow.close}>
          {t('common.close')}
        </button>
        {error?.walletLink ? (
          <button type="button" className="btn btn--ghost" onClick={() => leaveTo('/wallet')}>
            {t('newTrade.err.toWallet')}
          </button>
        ) : null}
        {error?.kind === 'auth' ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => leaveTo(`/auth?return=${returnTo}`)}
          >
            {t('newTrade.err.signIn')}
          </button>
        ) : null}
        {error?.canRetry ? (
          <button type="button" className="btn btn--primary" onClick={flow.retry}>
            {t('newTrade.err.retry')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

/** What went wrong: the kind, the server's own words, then what to check (or the balance's note). */
function TradeErrorText({ id, error }: { id: string; error: TradeFlow['error'] }) {
  const t = useT();
  const text = ERROR_TEXT[error?.kind ?? 'generic'];
  return (
    <div id={id}>
      <p className="trade-error__kind">{t(text.title)}</p>
      {/* The server's own words first: they say exactly what went wrong (own order, balance, limits). */}
      {error?.message && error.kind !== 'server' ? (
        <p className="alert alert--error trade-error__message">{error.message}</p>
      ) : null}
      {error?.walletLink ? (
        // The server said exactly what is wrong; the generic checklist would only distract.
        <p className="muted">{t('newTrade.err.balanceText')}</p>
      ) : (
        <>
          <p className="muted">{t(text.text)}</p>
          <ul className="trade-error__hints small">
            {text.hints.map((hint) => (
              <li key={hint}>{t(hint)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
