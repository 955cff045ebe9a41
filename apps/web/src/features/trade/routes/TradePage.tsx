import { useQueryClient } from '@tanstack/react-query';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { useSocketEvent, useTradeRoom } from '@/features/realtime';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { shortId } from '@/lib/format';
import { Link, useParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TradeScreen } from '../components/TradeScreen';
import { useTradeDetails } from '../hooks/use-trade';
import { refetchJoinedTrade } from '../realtime';
import '../trade.css';
import { SecurityHoldBanner } from '@/features/two-factor';

/** A malformed id is as unknown as a missing trade; others' trades answer 404 too. */
const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/** /trade/:id; the sign-in guard sits in the router. */
export function TradePage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useTradeDetails(id);
  const queryClient = useQueryClient();
  useTradeRoom(query.data ? id : null, (joined) => refetchJoinedTrade(queryClient, joined));
  useDocumentTitle(`${t('page.trade')} #${shortId(id)}`);
  const refetch = () => void query.refetch();
  useSocketEvent('trade:payment_template_attached', (e) => e.tradeId === id && refetch());
  useSocketEvent('trade:payment_proof_uploaded', (e) => e.tradeId === id && refetch());

  if (query.isPending) {
    return (
      <div className="page">
        <LoadingState text={t('trade.loading')} />
      </div>
    );
  }
  if (query.isError) {
    const missing = isNotFound(query.error);
    return (
      <div className="page page--narrow">
        <MessageState
          title={missing ? t('trade.notFound') : t('trade.loadError')}
          text={missing ? t('trade.notFoundText') : query.error.message}
        >
          {missing ? null : (
            <button type="button" className="btn btn--ghost" onClick={refetch}>
              {t('common.retry')}
            </button>
          )}
          <Link to="/my-trades" className="btn btn--primary">
            {t('trade.toMyTrades')}
          </Link>
        </MessageState>
      </div>
    );
  }
  return (
    <>
      <SecurityHoldBanner />
      <TradeScreen key={id} details={query.data} refreshing={query.isFetching} onRefresh={refetch} />
    </>
  );
}
