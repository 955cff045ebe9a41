import { orderKeys } from '@/features/orders';
import type { FeatureReactions } from '@/features/realtime';
import { MARKET_PRICES_KEY } from './api/prices';

/**
 * Floating orders were repriced after a feed update (docs/decisions/027): the book's pages and
 * the reference prices are read again, so the cards follow the market without a reload.
 */
export const marketReactions: FeatureReactions = {
  'market:repriced': (_e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'book'] });
    void queryClient.invalidateQueries({ queryKey: MARKET_PRICES_KEY });
  },
};
