/**
 * The bot's button data (Telegram's `callback_data`), one codec for the keyboards that write it
 * and the handlers that read it. Each action is `{prefix}:{id}`, the id a trade's or a
 * notification's; «Нет» is a bare `n`. What Telegram hands back is whatever a client sent, so
 * `parseCallback` answers null for anything that is not exactly one of these.
 */
const PREFIXES = {
  /** «Подтвердить получение» under a notice: asks the seller once more (docs/decisions/023). */
  confirmReceipt: 'a:cr',
  /** «Да» to that question: asks for the second-factor code as a reply. */
  confirmReceiptSure: 'y:cr',
  /**
   * «Я оплатил» of a message sent before it moved to the trade page (it asks for the account paid
   * from: docs/decisions/034): pressing it points to the trade.
   */
  markPaid: 'a:mp',
  markPaidSure: 'y:mp',
  /** «Это не я» under a security notice: asks once more (docs/decisions/033). */
  notMe: 'nm',
  /** «Да» to that question: runs «Это не я». */
  notMeSure: 'nmy',
} as const;

/** An action whose data carries an id. */
export type IdCallbackAction = keyof typeof PREFIXES;

/** A button's meaning: an action on a trade or a notification, or «Нет». */
export type BotCallback = { action: IdCallbackAction; id: string } | { action: 'decline' };

const DECLINE = 'n';
/** Ids are UUIDs, lower-case as the database writes them. */
const ID = /^[0-9a-f-]{36}$/;
const ACTION_OF = byPrefix();

function byPrefix(): Map<string, IdCallbackAction> {
  const actions = new Map<string, IdCallbackAction>();
  let action: IdCallbackAction;
  for (action in PREFIXES) actions.set(PREFIXES[action], action);
  return actions;
}

/** The data of a button meaning `callback`. */
export function formatCallback(callback: BotCallback): string {
  return callback.action === 'decline' ? DECLINE : `${PREFIXES[callback.action]}:${callback.id}`;
}

/** What a button's data means, or null when it is none of the bot's buttons (or its id is not one). */
export function parseCallback(data: string): BotCallback | null {
  if (data === DECLINE) return { action: 'decline' };
  const at = data.lastIndexOf(':');
  const action = at > 0 ? ACTION_OF.get(data.slice(0, at)) : undefined;
  const id = data.slice(at + 1);
  return action && ID.test(id) ? { action, id } : null;
}
