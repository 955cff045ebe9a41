import type { TradeDetails } from '@p2p/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { TradeChat } from '@/features/chat';
import { TWO_FACTOR_KEY, useSellingGate } from '@/features/two-factor';
import { useT } from '@/i18n';
import { tradeFeeQuote, useFeePpm } from '@/lib/platform-config';
import { useFormat } from '@/lib/use-format';
import { useCopy } from '../hooks/use-copy';
import { useTradeAction } from '../hooks/use-trade';
import { progressSteps, stepNumber } from '../lib/status';
import { ActionDialog, type Confirmable, shownInDialog } from './ActionDialog';
import { checklistReady, emptyChecklist } from './Checklist';
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

const DONE = {
  mark_paid: 'trade.done.mark_paid',
  confirm_payment: 'trade.done.confirm_payment',
  release_crypto: 'trade.done.release_crypto',
  cancel_trade: 'trade.done.cancel_trade',
} as const;

/** Timers reaching zero hand over to the server's scheduler: look again now and shortly after. */
const SCHEDULER_LAG_MS = 3000;

interface TradeScreenProps {
  details: TradeDetails;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The trade page once loaded: actions come only from `availableActions`. */
export function TradeScreen({ details, refreshing, onRefresh }: TradeScreenProps) {
  const t = useT();
  const fmt = useFormat();
  const { trade, escrow, availableActions } = details;
  const [checklist, setChecklist] = useState(emptyChecklist);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [disputeOpen, setDisputeOpen] = useState(false);
  const action = useTradeAction(trade.id, { shownInPlace: shownInDialog });
  const gate = useSellingGate();
  const queryClient = useQueryClient();
  const uploadRef = useRef<HTMLInputElement>(null);
  const receiptRef = useRef<HTMLButtonElement>(null);
  const chatInput = useRef<HTMLTextAreaElement>(null);
  const { copied, copy } = useCopy();
  const steps = progressSteps(trade);
  const fee = tradeFeeQuote(trade, useFeePpm());
  const counterparty = trade.userRole === 'buyer' ? trade.seller : trade.buyer;
  const vars = {
    fiat: fmt.fiat(trade.amountFiat, trade.fiatCurrency),
    crypto: fmt.crypto(trade.amountCrypto, trade.cryptocurrency),
    name: counterparty.effectiveName,
    net: fee ? fmt.crypto(fee.net, trade.cryptocurrency) : '',
    fee: fee ? fmt.crypto(fee.fee, trade.cryptocurrency) : '',
  };

  const onTimeout = () => {
    onRefresh();
    setTimeout(onRefresh, SCHEDULER_LAG_MS);
  };
  // The dialog stays open while the action runs and on a refusal it shows at its fields.
  const run = (name: Confirmable, payload: Record<string, unknown>) => {
    action.mutate(
      { action: name, payload },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(t(DONE[name]));
          // A code given to a confirmation opened this session's step-up window.
          if (name === 'confirm_payment') void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
        },
        onError: (error) => {
          if (gate.handle(error, () => setConfirming(name))) setConfirming(null);
          else if (!shownInDialog(error, name)) setConfirming(null);
        },
      },
    );
  };
  const focusOn = (el: HTMLElement | null, scrollTarget?: string) => {
    const target = scrollTarget ? document.getElementById(scrollTarget) : el;
    target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    el?.focus({ preventScroll: true });
  };
  const busy = action.isPending ? (action.variables?.action ?? null) : null;
  // Without the rate the release dialog cannot name the fee: it says a fee is taken instead.
  const dialogText = confirming === 'release_crypto' && !fee ? 'confirm.release_crypto.textNoFee' : undefined;
  const dialogError = action.variables?.action === confirming ? action.error : null;

  return (
    <div className="page trade-page">
      <TradeHeader
        trade={trade}
        fee={fee}
        step={stepNumber(steps)}
        refreshing={refreshing}
        onRefresh={onRefresh}
      />
      <ModeratorNotices details={details} />
      <MainAction
        trade={trade}
        available={availableActions}
        checklistReady={checklistReady(checklist)}
        busy={busy}
        onAction={setConfirming}
        onDispute={() => setDisputeOpen(true)}
      />
      {trade.userRole === 'buyer' ? (
        <BuyerPanel trade={trade} onTimeout={onTimeout} uploadRef={uploadRef} />
      ) : trade.userRole === 'seller' ? (
        <SellerPanel
          trade={trade}
          onTimeout={onTimeout}
          checklist={checklist}
          onChecklist={setChecklist}
          receiptRef={receiptRef}
        />
      ) : null}
      {trade.status === 'COMPLETED' && !trade.reviewedByMe && trade.userRole !== 'observer' ? (
        <ReviewForm trade={trade} />
      ) : null}
      <div className="trade-cols">
        <div className="trade-cols__side">
          <TradeInfo trade={trade} escrow={escrow} fee={fee} />
          <CounterpartyCard trade={trade} />
          <QuickActions
            trade={trade}
            available={availableActions}
            copied={copied === 'details'}
            handlers={{
              copyDetails: () => void copy('details', detailsText(trade, t)),
              upload: () => focusOn(uploadRef.current, 'trade-receipt'),
              write: () => focusOn(chatInput.current),
              dispute: () => setDisputeOpen(true),
              checkBank: () => focusOn(null, 'trade-checklist'),
              viewReceipt: () => receiptRef.current?.click(),
            }}
          />
          <ProgressList steps={steps} />
          <Participants trade={trade} />
          <TradeDetailsBlock trade={trade} />
        </div>
        <div className="trade-cols__chat">
          <TradeChat tradeId={trade.id} counterpartyName={counterparty.effectiveName} inputRef={chatInput} />
        </div>
      </div>
      <ActionDialog
        trade={trade}
        action={confirming}
        vars={vars}
        textOverride={dialogText}
        busy={busy !== null}
        error={dialogError}
        onConfirm={(payload) => confirming && run(confirming, payload)}
        onCancel={() => {
          setConfirming(null);
          action.reset();
        }}
      />
      {gate.dialog}
      <DisputeDialog trade={trade} open={disputeOpen} onClose={() => setDisputeOpen(false)} />
    </div>
  );
}
