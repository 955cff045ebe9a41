import type { PublicProfile, TradeStats } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api';

export type TradeStatsData = z.infer<typeof TradeStats>;

/** GET /trades/stats: my counts, completion rate and volume per fiat. */
export function useTradeStats() {
  return useQuery({
    queryKey: ['dashboard', 'trade-stats'],
    queryFn: () => apiRequest<TradeStatsData>('/trades/stats'),
  });
}

/** My public profile: the rating others see (computed from reviews; null when there are none). */
export function useOwnProfile(userId: string) {
  return useQuery({
    queryKey: ['dashboard', 'profile', userId],
    queryFn: () => apiRequest<PublicProfile>(`/users/${encodeURIComponent(userId)}`, { auth: false }),
    enabled: userId !== '',
  });
}
