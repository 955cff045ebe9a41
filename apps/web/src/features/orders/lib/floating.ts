import type { Lang, OrderView } from '@p2p/shared';

/**
 * A floating order's margin as people read it: "+1,5 %" in Russian, "+1.5%" in English, from the
 * wire's "1.50" (docs/decisions/027). Trailing zeros go; zero has no sign.
 */
export function marginText(margin: string, lang: Lang): string {
  const negative = margin.startsWith('-');
  const [whole = '0', frac = ''] = margin.replace(/^[+-]/, '').split('.');
  const digits = frac.replace(/0+$/, '');
  const zero = /^0*$/.test(whole) && digits === '';
  const sign = zero ? '' : negative ? '−' : '+';
  const number = `${Number(whole)}${digits ? `${lang === 'ru' ? ',' : '.'}${digits}` : ''}`;
  return lang === 'ru' ? `${sign}${number}\u00a0%` : `${sign}${number}%`;
}

/** Whether a margin reads as a rise (green) or a fall (red), as the spec colours a change. */
export function marginTone(margin: string): 'is-up' | 'is-down' {
  return margin.startsWith('-') ? 'is-down' : 'is-up';
}

/** A floating order that cannot be taken now: the market price is unavailable. */
export const marketPaused = (order: Pick<OrderView, 'market_paused'>) => order.market_paused;
