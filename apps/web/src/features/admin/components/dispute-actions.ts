import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { adminApi } from '../api/admin-api';

/** Take a case or give it back; the queue and the case reload either way. */
export function useDisputeOwnership() {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, take }: { tradeId: string; take: boolean }) =>
      take ? adminApi.takeDispute(tradeId) : adminApi.releaseDispute(tradeId),
    onSuccess: (_data, { take }) => toast.success(t(take ? 'bo.disputes.taken' : 'bo.disputes.released')),
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
  });
}
