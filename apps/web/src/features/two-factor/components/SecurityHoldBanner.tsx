import type { SecurityHoldView } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { apiRequest } from '@/lib/api';
import { useFormat } from '@/lib/use-format';

export const SECURITY_HOLD_KEY = ['users', 'me', 'security-hold'] as const;

/**
 * The security hold on the wallet and trade pages (docs/decisions/033): after a security
 * change, withdrawals, transfers, swaps and selling wait until the time shown; buying,
 * depositing and chatting go on. Nothing when there is no hold.
 */
export function SecurityHoldBanner() {
  const t = useT();
  const fmt = useFormat();
  const hold = useQuery({
    queryKey: SECURITY_HOLD_KEY,
    queryFn: () => apiRequest<SecurityHoldView>('/users/me/security-hold'),
  });
  if (!hold.data?.active) return null;
  return (
    <p className="alert alert--warn" role="status" data-testid="security-hold">
      {hold.data.untilCleared || !hold.data.until
        ? t('security.hold.bannerCleared')
        : t('security.hold.banner', { until: fmt.dateTimeZone(hold.data.until) })}
    </p>
  );
}
