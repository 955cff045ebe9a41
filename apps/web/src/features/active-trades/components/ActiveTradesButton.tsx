import { useId, useRef, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { useDismiss } from '@/components/ui/modal';
import { useSession } from '@/features/auth';
import { activeTradeSeverity, useNow } from '@/features/trade';
import { useT } from '@/i18n';
import { formatClock } from '@/lib/format';
import { Link, useLocation } from '@/lib/router';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  type CancelState,
  useActiveTrades,
  useCancellable,
  useCancelTrade,
} from '../hooks/use-active-trades';
import { type ActiveTradeSummary, chipSeconds, countLabel } from '../lib/summary';
import { CancelTradeDialog } from './CancelTradeDialog';
import { FullscreenModal } from './FullscreenModal';
import { TradeRow } from './TradeRow';
import '../active-trades.css';

/** The dropdown on desktop, a full-screen modal below 768 px. */
const DESKTOP = '(min-width: 768px)';

/**
 * Header button (signed-in users only): how many trades are active and the
 * countdown of the most urgent; opens the list as a dropdown or a full-screen modal.
 */
export function ActiveTradesButton() {
  const { user } = useSession();
  const signedIn = Boolean(user);
  const query = useActiveTrades(signedIn);
  const trades = query.data ?? [];
  if (!signedIn || trades.length === 0) return null;
  return <ActiveTradesMenu trades={trades} />;
}

/** Whether the list is open; any navigation (a row, the back button) closes it, adjusted during render. */
function useOpenUntilNavigation() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [path, setPath] = useState(pathname);
  if (path !== pathname) {
    setPath(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}

/** The trade asked about in the cancel dialog, and cancelling it (optimistically on desktop). */
function useCancelTarget(desktop: boolean) {
  const [target, setTarget] = useState<ActiveTradeSummary | null>(null);
  const { cancel, cancelling } = useCancelTrade();
  const confirmCancel = async () => {
    if (!target) return;
    try {
      await cancel({ id: target.id, mode: desktop ? 'optimistic' : 'after-success' });
    } catch {
      // the hook already said why
    }
    setTarget(null);
  };
  return { target, setTarget, cancelling, confirmCancel };
}

function ActiveTradesMenu({ trades }: { trades: ActiveTradeSummary[] }) {
  const t = useT();
  const id = useId();
  const now = useNow();
  const desktop = useMediaQuery(DESKTOP);
  const [open, setOpen] = useOpenUntilNavigation();
  const { target, setTarget, cancelling, confirmCancel } = useCancelTarget(desktop);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cancellable = useCancellable(
    trades.map((x) => x.id),
    open,
  );
  const seconds = chipSeconds(trades, now);
  const severity = activeTradeSeverity(seconds);

  // Desktop dropdown: outside click and Escape close it (not while the cancel dialog is up).
  useDismiss({ open, enabled: desktop && !target, onDismiss: () => setOpen(false), root, button });

  const list = (
    <ActiveTradesList
      titleId={`${id}-title`}
      trades={trades}
      now={now}
      closable={!desktop}
      cancellable={cancellable}
      cancelling={cancelling}
      onClose={() => setOpen(false)}
      onCancel={setTarget}
    />
  );

  return (
    <div className="at" ref={root}>
      <button
        ref={button}
        type="button"
        className={`at-btn at-sev--${severity}${severity === 'critical' ? ' tr-pulse' : ''}`}
        aria-expanded={open}
        aria-controls={desktop ? `${id}-panel` : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="at-btn__dot" aria-hidden="true" />
        <span className="sr-only">{t('activeTrades.title')}: </span>
        <span className="at-btn__count">{countLabel(trades.length, t)}</span>
        {seconds === null ? null : (
          <>
            {' '}
            <span className="at-btn__clock num">{formatClock(Math.max(0, seconds))}</span>
          </>
        )}
      </button>
      {desktop ? (
        <section id={`${id}-panel`} className="at-panel" hidden={!open} aria-labelledby={`${id}-title`}>
          {open ? list : null}
        </section>
      ) : (
        <FullscreenModal open={open} onClose={() => setOpen(false)} labelledBy={`${id}-title`}>
          <div className="at-panel at-panel--modal">{list}</div>
        </FullscreenModal>
      )}
      <CancelTradeDialog
        open={target !== null}
        processing={target ? cancelling.has(target.id) : false}
        cryptocurrency={target?.cryptocurrency ?? ''}
        counterparty={target?.counterparty || t('activeTrades.unknownParty')}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setTarget(null)}
      />
    </div>
  );
}

interface ActiveTradesListProps {
  titleId: string;
  trades: ActiveTradeSummary[];
  now: number;
  /** The full-screen modal has its own close button; the dropdown does not. */
  closable: boolean;
  cancellable: ReadonlyMap<string, CancelState>;
  cancelling: ReadonlySet<string>;
  onClose: () => void;
  onCancel: (trade: ActiveTradeSummary) => void;
}

/** The title, a row per trade (open it, or cancel it where allowed), and the link to all trades. */
function ActiveTradesList({
  titleId,
  trades,
  now,
  closable,
  cancellable,
  cancelling,
  onClose,
  onCancel,
}: ActiveTradesListProps) {
  const t = useT();
  return (
    <>
      <div className="at-panel__head">
        <h2 id={titleId} className="at-panel__title">
          {t('activeTrades.title')} <span className="muted num">{trades.length}</span>
        </h2>
        {closable ? (
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        ) : null}
      </div>
      <ul className="at-list">
        {trades.map((trade) => (
          <TradeRow
            key={trade.id}
            trade={trade}
            now={now}
            cancel={cancellable.get(trade.id)}
            cancelling={cancelling.has(trade.id)}
            onOpen={onClose}
            onCancel={() => onCancel(trade)}
          />
        ))}
      </ul>
      <div className="at-panel__foot">
        <Link to="/my-trades" className="at-panel__all" onClick={onClose}>
          {t('activeTrades.all')}
        </Link>
      </div>
    </>
  );
}
