import { NETWORKS, type NetworkId, type SavedAddressView } from '@p2p/shared';
import { useId } from 'react';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { type FormMessage, maxWithdrawable, type WithdrawCheck } from '../lib/withdraw-form';

export interface DetailsDraft {
  address: string;
  amount: string;
  save: boolean;
  label: string;
}

/**
 * Step 2: destination (typed, or picked from the saved ones) and amount with Max; the address
 * is checked as it is typed, fee and total shown as soon as the amount holds.
 */
export function WithdrawDetails({
  network,
  available,
  draft,
  onDraft,
  check,
  saved,
}: {
  network: NetworkId;
  available: string;
  draft: DetailsDraft;
  onDraft: (draft: DetailsDraft) => void;
  check: WithdrawCheck;
  saved: SavedAddressView[];
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const info = NETWORKS[network];
  const coin = info.currency;
  const mine = saved.filter((s) => s.network === network);
  const max = maxWithdrawable(network, available);
  const say = (message: FormMessage | null) => (message ? t(message.key, message.values) : null);
  const set = (patch: Partial<DetailsDraft>) => onDraft({ ...draft, ...patch });
  const savedMatch = mine.find((s) => s.address === check.address);

  return (
    <>
      <p className="small">
        {t('wd.available', { amount: fmt.crypto(available, coin) })} · {info.label}
      </p>
      {mine.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-saved`}>
            {t('wd.savedPick')}
          </label>
          <select
            id={`${id}-saved`}
            className="input"
            value={savedMatch?.id ?? ''}
            onChange={(event) => {
              const pick = mine.find((s) => s.id === event.target.value);
              if (pick) set({ address: pick.address, save: false });
            }}
          >
            <option value="">{t('wd.savedNone')}</option>
            {mine.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label} · {s.address.slice(0, 8)}…{s.address.slice(-6)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <InputField
        id={`${id}-address`}
        label={t('wd.address')}
        value={draft.address}
        onChange={(address) => set({ address })}
        className="mono"
        error={draft.address.trim() ? say(check.addressError) : null}
      />
      <InputField
        id={`${id}-amount`}
        label={t('wd.amount')}
        value={draft.amount}
        onChange={(amount) => set({ amount })}
        inputMode="decimal"
        className="num"
        hint={t('wd.limits', {
          min: fmt.number(info.withdraw.min),
          max: fmt.number(info.withdraw.max),
          fee: fmt.number(info.withdraw.fee),
          currency: coin,
        })}
        error={draft.amount.trim() ? say(check.amountError) : null}
        addon={
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={max === null}
            onClick={() => max && set({ amount: max })}
          >
            {t('wd.max')}
            <span className="sr-only"> · {t('wd.maxLabel')}</span>
          </button>
        }
      />
      {max === null ? <p className="small field__error">{t('wd.noBalance')}</p> : null}
      {check.quote ? <QuoteFacts quote={check.quote} coin={coin} /> : null}
      {check.address && !savedMatch ? (
        <div className="save-address">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.save}
              onChange={(event) => set({ save: event.target.checked })}
            />{' '}
            {t('wd.saveAddress')}
          </label>
          {draft.save ? (
            <InputField
              id={`${id}-label`}
              label={t('wd.saveLabel')}
              value={draft.label}
              onChange={(label) => set({ label })}
              maxLength={50}
              error={draft.label.trim() ? null : t('wd.err.labelRequired')}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Amount, network fee and the total taken from the balance. */
export function QuoteFacts({
  quote,
  coin,
}: {
  quote: { amount: string; fee: string; total: string };
  coin: string;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <dl className="facts" data-testid="withdraw-quote">
      <div>
        <dt>{t('wd.receive')}</dt>
        <dd className="num">{fmt.crypto(quote.amount, coin)}</dd>
      </div>
      <div>
        <dt>{t('wd.fee')}</dt>
        <dd className="num">{fmt.crypto(quote.fee, coin)}</dd>
      </div>
      <div>
        <dt>{t('wd.total')}</dt>
        <dd className="num">
          <strong>{fmt.crypto(quote.total, coin)}</strong>
        </dd>
      </div>
    </dl>
  );
}
