import { useT } from '@/i18n';
import { useAdminSession } from '../session';
import { useDisputeOwnership } from './dispute-actions';

interface DisputeOwnershipButtonProps {
  tradeId: string;
  /** The staff member who holds the case, or null when it is free. */
  ownerId: string | null;
  /** How prominent "Take" is: the main action on the case page, secondary in the queue. */
  takeStyle: 'primary' | 'ghost';
}

/**
 * "Take" for a free case; "Give back" for its holder or an admin; nothing for other staff
 * (the server enforces the same rule).
 */
export function DisputeOwnershipButton({ tradeId, ownerId, takeStyle }: DisputeOwnershipButtonProps) {
  const t = useT();
  const { admin } = useAdminSession();
  const ownership = useDisputeOwnership();
  const take = ownerId === null;
  if (!take && ownerId !== admin?.id && admin?.role !== 'admin') return null;
  return (
    <button
      type="button"
      className={`btn btn--${take ? takeStyle : 'ghost'} btn--sm`}
      disabled={ownership.isPending}
      onClick={() => ownership.mutate({ tradeId, take })}
    >
      {t(take ? 'bo.disputes.take' : 'bo.disputes.release')}
    </button>
  );
}
