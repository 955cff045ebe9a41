import type { TradeParty, TradeView } from '@p2p/shared';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { useI18n } from '@/i18n';
import { EMPTY } from '@/lib/format';
import type { FeeQuote } from '@/lib/platform-config';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { useCopy } from '../hooks/use-copy';
import { CopyButton } from './CopyButton';

function Collapsible({ title, children, open }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="panel collapsible" open={open}>
      <summary className="collapsible__summary">
        <span className="panel__title">{title}</span>
      </summary>
      <div className="collapsible__body">{children}</div>
    </details>
  );
}

/** Payment method, escrow and deadlines at a glance (left column, first card). */
export function TradeInfo({
  trade,
  escrow,
  fee,
}: {
  trade: TradeView;
  escrow: { amount: string; currency: string; status: string };
  fee: FeeQuote | null;
}) {
  const { t } = useI18n();
  const fmt = useFormat();
  return (
    <section className="panel" aria-labelledby="info-title">
      <h2 id="info-title" className="panel__title">
        {t('trade.info.title')}
      </h2>
      <dl className="tr-kv">
        <div>
          <dt>{t('trade.info.method')}</dt>
          <dd>{fmt.paymentMethod(trade.paymentMethod)}</dd>
        </div>
        <div>
          <dt>{t('trade.info.escrow')}</dt>
          <dd className="num">
            {fmt.crypto(escrow.amount, escrow.currency)}{' '}
            <span className={`escrow-tag escrow-tag--${escrow.status}`}>
              {t(`trade.escrow.${escrow.status as 'locked' | 'released' | 'refunded'}`)}
            </span>
          </dd>
        </div>
        {fee && trade.status !== 'CANCELLED' ? (
          <>
            <div>
              <dt>{t('trade.info.fee')}</dt>
              <dd className="num">{fmt.crypto(fee.fee, trade.cryptocurrency)}</dd>
            </div>
            <div>
              <dt>{t('trade.info.buyerNet')}</dt>
              <dd className="num">{fmt.crypto(fee.net, trade.cryptocurrency)}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function PartyRow({ party, role }: { party: TradeParty; role: string }) {
  const { t } = useI18n();
  const fmt = useFormat();
  return (
    <li className="party">
      <Avatar name={party.effectiveName} src={party.avatarUrl} size="sm" />
      <div className="party__who">
        <Link to={`/user/${party.id}`}>{party.effectiveName}</Link>
        <span className="muted small">{role}</span>
      </div>
      <div className="party__figures small num">
        <span>{party.rating === null ? t('trade.rep.noRating') : `★ ${fmt.rating(party.rating)}`}</span>
        <span className="muted">{t('trade.participants.trades', { count: party.tradesCount })}</span>
      </div>
    </li>
  );
}

export function Participants({ trade }: { trade: TradeView }) {
  const { t } = useI18n();
  return (
    <Collapsible title={t('trade.participants.title')}>
      <ul className="parties">
        <PartyRow party={trade.buyer} role={t('trade.role.buyer')} />
        <PartyRow party={trade.seller} role={t('trade.role.seller')} />
      </ul>
    </Collapsible>
  );
}

export function TradeDetailsBlock({ trade }: { trade: TradeView }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const { copied, copy } = useCopy();
  return (
    <Collapsible title={t('trade.detailsBlock.title')}>
      <dl className="tr-kv">
        <div>
          <dt>{t('trade.detailsBlock.id')}</dt>
          <dd className="tr-kv__mono">
            <span className="num">{trade.id}</span>
            <CopyButton
              copied={copied === 'id'}
              onCopy={() => copy('id', trade.id)}
              label={t('trade.detailsBlock.id')}
            />
          </dd>
        </div>
        <div>
          <dt>{t('trade.detailsBlock.order')}</dt>
          <dd className="tr-kv__mono">
            <Link to={`/order/${trade.orderId}`} className="num">
              {trade.orderId}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('trade.info.method')}</dt>
          <dd>{fmt.paymentMethod(trade.paymentMethod)}</dd>
        </div>
        <div>
          <dt>{t('trade.detailsBlock.created')}</dt>
          <dd>{fmt.dateTime(trade.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('trade.detailsBlock.notes')}</dt>
          <dd>{trade.notes || EMPTY}</dd>
        </div>
      </dl>
    </Collapsible>
  );
}
