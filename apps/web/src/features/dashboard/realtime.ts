import type { FeatureReactions, ReactionContext } from '@/features/realtime';

/** Every dashboard query sits under ['dashboard', ...] (api/dashboard-api.ts). */
const DASHBOARD_KEY = ['dashboard'] as const;

/** Trade counts, volumes and the order widgets change with every trade and order event. */
const refreshDashboard = (_e: unknown, { queryClient }: ReactionContext) =>
  void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });

export const dashboardReactions: FeatureReactions = {
  'trade:created': refreshDashboard,
  'trade:updated': refreshDashboard,
  'trade:evidence_requested': refreshDashboard,
  'order:updated': refreshDashboard,
  connected: (ctx) => refreshDashboard(null, ctx),
};
