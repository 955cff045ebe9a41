import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { compiledSelect, type Slot } from '../../db/compiled.ts';
import { type TradeRow, trades } from '../../db/schema.ts';

/**
 * A trade's row by id, read or locked: what the features attached to a trade (chat,
 * receipts, payment details, realtime rooms, the bot) read before they check who may see it
 * (trade-access.ts). The trade's own lifecycle queries are in trades/trades.repository.ts.
 */
const tradeById = compiledSelect((p: Slot<'id'>, qb) =>
  qb
    .select()
    .from(trades)
    .where(eq(trades.id, p('id'))),
);

export async function findTrade(db: Executor, id: string): Promise<TradeRow | null> {
  const [row] = await tradeById(db, { id });
  return row ?? null;
}

const tradeForUpdate = compiledSelect((p: Slot<'id'>, qb) =>
  qb
    .select()
    .from(trades)
    .where(eq(trades.id, p('id')))
    .for('update'),
);

export async function lockTrade(tx: Tx, id: string): Promise<TradeRow | null> {
  const [row] = await tradeForUpdate(tx, { id });
  return row ?? null;
}
