import { useT } from '@/i18n';

/**
 * The server's ask to confirm a swap price far from the market (docs/decisions/026): its message
 * and the box that confirms it, for taking a swap and for publishing one.
 */
export function PriceConfirmation({
  message,
  confirmed,
  onConfirmed,
}: {
  message: string;
  confirmed: boolean;
  onConfirmed: (confirmed: boolean) => void;
}) {
  const t = useT();
  return (
    <div className="alert alert--warn" role="alert">
      <p>{message}</p>
      <label className="checkbox">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirmed(e.target.checked)} />{' '}
        {t('swap.confirmPrice')}
      </label>
    </div>
  );
}
