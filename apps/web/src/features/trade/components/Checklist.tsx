import type { TradeView } from '@p2p/shared';
import { useId } from 'react';
import { type MessageKey, useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

export const CHECKLIST_ITEMS = [
  'amountCorrect',
  'senderNameCorrect',
  'bankConfirmed',
  'paymentProofViewed',
  'noDisputes',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];
export type ChecklistState = Record<ChecklistItem, boolean>;

/** The receipt is worth a look but not required. */
const OPTIONAL: readonly ChecklistItem[] = ['paymentProofViewed'];

export const emptyChecklist = (): ChecklistState => ({
  amountCorrect: false,
  senderNameCorrect: false,
  bankConfirmed: false,
  paymentProofViewed: false,
  noDisputes: false,
});

/** Release is allowed once every critical item is ticked. */
export function checklistReady(state: ChecklistState): boolean {
  return CHECKLIST_ITEMS.every((item) => OPTIONAL.includes(item) || state[item]);
}

/** The seller's verification before releasing crypto (docs/product/trading-rules.md). */
export function Checklist({
  trade,
  state,
  onChange,
}: {
  trade: TradeView;
  state: ChecklistState;
  onChange: (next: ChecklistState) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const vars = {
    amount: fmt.fiat(trade.amountFiat, trade.fiatCurrency),
    name: trade.buyer.effectiveName,
  };
  return (
    <fieldset className="checklist" aria-describedby={`${id}-hint`}>
      <legend className="sr-only">{t('trade.checklist.title')}</legend>
      <p id={`${id}-hint`} className="muted small">
        {t('trade.checklist.hint')}
      </p>
      {CHECKLIST_ITEMS.map((item) => (
        <label key={item} className="checklist__item">
          <input
            type="checkbox"
            checked={state[item]}
            onChange={(e) => onChange({ ...state, [item]: e.target.checked })}
          />
          <span>
            {t(`trade.checklist.${item}` as MessageKey, vars)}
            {OPTIONAL.includes(item) ? <span className="muted"> {t('trade.checklist.optional')}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
