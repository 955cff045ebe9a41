/**
 * The book's keyset cursor (docs/decisions/022): where the next page starts, as the last
 * order's position in the book's order (price, then time, then id) and how many orders came
 * before the next page. Opaque to clients: base64url of a JSON array. The side is part of it,
 * because buy and sell pages run in opposite price order.
 */
export type BookSide = 'buy' | 'sell' | 'any';

export interface BookPosition {
  /** The price in minor units (the column is a bigint). */
  price: string;
  /** `created_at` in whole microseconds since the epoch (the column's full precision). */
  createdUs: string;
  id: string;
}

export interface BookCursor extends BookPosition {
  side: BookSide;
  /** Orders before the page this cursor opens (the page's `offset`, for display). */
  offset: number;
}

const PRICE = /^\d{1,18}$/;
const MICROSECONDS = /^\d{1,16}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Well past any real book; keeps a forged cursor's offset a plain small integer. */
const MAX_OFFSET = 10_000_000;

export function encodeBookCursor(c: BookCursor): string {
  return Buffer.from(JSON.stringify([c.side, c.price, c.createdUs, c.id, c.offset])).toString('base64url');
}

/** The cursor in `text`, or null when it is not one this server made (any shape check fails). */
export function decodeBookCursor(text: string): BookCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return null;
  const [side, price, createdUs, id, offset] = parsed as unknown[];
  if (side !== 'buy' && side !== 'sell' && side !== 'any') return null;
  if (typeof price !== 'string' || !PRICE.test(price)) return null;
  if (typeof createdUs !== 'string' || !MICROSECONDS.test(createdUs)) return null;
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET)
    return null;
  return { side, price, createdUs, id, offset };
}

/** The exact timestamp of `createdUs` as ISO text with microseconds, for PostgreSQL. */
export function microsecondsToIso(createdUs: string): string {
  const us = BigInt(createdUs);
  const ms = new Date(Number(us / 1000n)).toISOString(); // 2026-11-23T02:10:00.123Z
  return `${ms.slice(0, -1)}${String(us % 1000n).padStart(3, '0')}Z`;
}
