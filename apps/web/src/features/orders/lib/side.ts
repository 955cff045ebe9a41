/** First two letters of a name for the order card's avatar. */
export function initials(name: string): string {
  const letters = [...name.trim()].filter((c) => /\p{L}|\p{N}/u.test(c));
  const two = letters.slice(0, 2).join('');
  return two ? two.charAt(0).toUpperCase() + two.slice(1).toLowerCase() : '?';
}

/**
 * The visitor's side of an order: a `sell` order is what a visitor buys, a `buy` order is
 * what a visitor sells.
 */
export function takerSide(orderType: 'buy' | 'sell'): 'buy' | 'sell' {
  return orderType === 'sell' ? 'buy' : 'sell';
}
