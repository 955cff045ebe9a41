import { progressStepNumber, progressSteps, type TradeDetails, type TradeView } from '@p2p/shared';
import { type RefObject, useRef, useState } from 'react';
import { TradeChat } from '@/features/chat';
import { useT } from '@/i18n';
import { type FeeQuote, tradeFeeQuote, useFeePpm } from '@/lib/platform-config';
import { useFormat } from '@/lib/use-format';
import { useCopy } from '../hooks/use-copy';
import { useTradeActions } from '../hooks/use-trade-actions';
import { ActionDialog } from './ActionDialog';
import { type ChecklistState, checklistReady, emptyChecklist } from './Checklist';
import { CounterpartyCard } from './CounterpartyCard';
import { DisputeDialog } from './DisputeDialog';
import { Participants, TradeDetailsBlock, TradeInfo } from './InfoBlocks';
import { MainAction } from './MainAction';
import { ModeratorNotices } from './ModeratorNotices';
import { detailsText } from './PaymentDetails';
import { ProgressList } from './ProgressList';
import { QuickActions } from './QuickActions';
import { ReviewForm } from './ReviewForm';
import { BuyerPanel, SellerPanel } from './RolePanels';
import { TradeHeader } from './TradeHeader';

/** Timers reaching zero hand over to the server's scheduler: look again now and shortly after. */
const SCHEDULER_LAG_MS = 3000;

interface TradeScreenProps {
  details: TradeDetails;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The texts' values of the action dialog: amounts, the counterparty, the fee. */
function useDialogVars(trade: TradeView, fee: FeeQuote | null) {
  const fmt = useFormat();
  const counterparty = trade.userRole === 'buyer' ? trade.seller : trade.buyer;
  return {
    fiat: fmt.fiat(trade.amountFiat, trade.fiatCurrency),
    crypto: fmt.crypto(trade.amountCrypto, trade.cryptocurrency),
    name: counterparty.effectiveName,
    net: fee ? fmt.crypto(fee.net, trade.cryptocurrency) : '',
    fee: fee ? fmt.crypto(fee.fee, trade.cryptocurrency) : '',
  };
}

/** The trade page once loaded: actions come only from `availableActions`. */
export function TradeScreen({ details, refreshing, onRefresh }: TradeScreenProps) {
  const { trade, availableActions } = details;
  const [checklist, setChecklist] = useState(emptyChecklist);
  const [disputeOpen, setDisputeOpen] = useState(false);
  const actions = useTradeActions(trade.id);
  const refs = {
    upload: useRef<HTMLInputElement>(null),
    receipt: useRef<HTMLButtonElement>(null),
    chatInput: useRef<HTMLTextAreaElement>(null),
  };
  const steps = progressSteps(trade, trade.userRole);
  const fee = tradeFeeQuote(trade, useFeePpm());
  const vars = useDialogVars(trade, fee);
  const onTimeout = () => {
    onRefresh();
    setTimeout(onRefresh, SCHEDULER_LAG_MS);
  };
  // Without the rate the release dialog cannot name the fee: it says a fee is taken instead.
  const noFee = actions.confirming === 'release_crypto' && !fee;

  return (
    <div className="page trade-page">
      <TradeHeader
        trade={trade}
        fee={fee}
        step={progressStepNumber(steps)}
        refreshing={refreshing}
        onRefresh={onRefresh}
      />
      <ModeratorNotices details={details} />
      <MainAction
        trade={trade}
        available={availableActions}
        checklistReady={checklistReady(checklist)}
        busy={actions.busy}
        onAction={actions.ask}
        onDispute={() => setDisputeOpen(true)}
      />
      <RolePanel
        trade={trade}
        onTimeout={onTimeout}
        checklist={checklist}
        onChecklist={setChecklist}
        refs={refs}
      />
      {trade.status === 'COMPLETED' && !trade.reviewedByMe && trade.userRole !== 'observer' ? (
        <ReviewForm trade={trade} />
      ) : null}
      <div className="trade-cols">
        <TradeSide details={details} fee={fee} refs={refs} onDispute={() => setDisputeOpen(true)} />
        <div className="trade-cols__chat">
          <TradeChat tradeId={trade.id} counterpartyName={vars.name} inputRef={refs.chatInput} />
        </div>
      </div>
      <ActionDialog
        trade={trade}
        action={actions.confirming}
        vars={vars}
        textOverride={noFee ? 'confirm.release_crypto.textNoFee' : undefined}
        busy={actions.busy !== null}
        error={actions.error}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
      {actions.gateDialog}
      <DisputeDialog trade={trade} open={disputeOpen} onClose={() => setDisputeOpen(false)} />
    </div>
  );
}

interface ScreenRefs {
  upload: RefObject<HTMLInputElement | null>;
  receipt: RefObject<HTMLButtonElement | null>;
  chatInput: RefObject<HTMLTextAreaElement | null>;
}

interface RolePanelProps {
  trade: TradeView;
  onTimeout: () => void;
  checklist: ChecklistState;
  onChecklist: (next: ChecklistState) => void;
  refs: ScreenRefs;
}

/** The buyer's or the seller's own panel; an observer has none. */
function RolePanel({ trade, onTimeout, checklist, onChecklist, refs }: RolePanelProps) {
  if (trade.userRole === 'buyer')
    return <BuyerPanel trade={trade} onTimeout={onTimeout} uploadRef={refs.upload} />;
  if (trade.userRole !== 'seller') return null;
  return (
    <SellerPanel
      trade={trade}
      onTimeout={onTimeout}
      checklist={checklist}
      onChecklist={onChecklist}
      receiptRef={refs.receipt}
    />
  );
}

/** Brings a part of the page into view and gives focus to its control. */
function focusOn(el: HTMLElement | null, scrollTarget?: string) {
  const target = scrollTarget ? document.getElementById(scrollTarget) : el;
  target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  el?.focus({ preventScroll: true });
}

interface TradeSideProps {
  details: TradeDetails;
  fee: FeeQuote | null;
  refs: ScreenRefs;
  onDispute: () => void;
}

/** The side column: the trade's facts, the counterparty, shortcuts, progress and parties. */
function TradeSide({ details, fee, refs, onDispute }: TradeSideProps) {
  const t = useT();
  const { trade, escrow, availableActions } = details;
  const { copied, copy } = useCopy();
  return (
    <div className="trade-cols__side">
      <TradeInfo trade={trade} escrow={escrow} fee={fee} />
      <CounterpartyCard trade={trade} />
      <QuickActions
        trade={trade}
        available={availableActions}
        copied={copied === 'details'}
        handlers={{
          copyDetails: () => void copy('details', detailsText(trade, t)),
          upload: () => focusOn(refs.upload.current, 'trade-receipt'),
          write: () => focusOn(refs.chatInput.current),
          dispute: onDispute,
          checkBank: () => focusOn(null, 'trade-checklist'),
          viewReceipt: () => refs.receipt.current?.click(),
        }}
      />
      <ProgressList steps={progressSteps(trade, trade.userRole)} />
      <Participants trade={trade} />
      <TradeDetailsBlock trade={trade} />
    </div>
  );
}
