import { type Lang, type ServerEventPayload, translate } from '@p2p/shared';
import type { FeatureReactions } from '@/features/realtime';
import { shortId } from '@/lib/format';

/** Toast duration, in ms (docs/product/texts-and-limits.md). */
const MESSAGE_TOAST_MS = 4000;

/**
 * 'Сообщение в сделке #{id} от пользователя {name}' (the spec's words; the name stands in
 * apposition, never declined: docs/decisions/015), or the moderator's.
 */
export function messageText(lang: Lang, e: ServerEventPayload<'trade:message'>): string {
  const id = shortId(e.tradeId);
  return e.fromModerator
    ? translate(lang, 'rt.messageModerator', { id })
    : translate(lang, 'rt.message', { id, name: e.senderName });
}

/** A message in a trade whose page is not open is announced; the open chat shows it itself. */
export const chatReactions: FeatureReactions = {
  'trade:message': (e, { openTrade, toast, lang }) => {
    if (openTrade() !== e.tradeId) toast(messageText(lang(), e), { duration: MESSAGE_TOAST_MS });
  },
};
