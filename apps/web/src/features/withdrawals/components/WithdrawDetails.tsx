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
  const mine = saved.filter((s) => s.network === network);
  const say = (message: FormMessage | null) => (message ? t(message.key, message.values) : null);
  const set = (patch: Partial<DetailsDraft>) => onDraft({ ...draft, ...patch });
  const savedMatch = mine.find((s) => s.address === check.address);

  return (
    <>
      <p className="small">
        {t('wd.available', { amount: fmt.crypto(available, info.currency) })} · {info.label}
      </p>
      {mine.length > 0 ? (
        <SavedAddressPick
          id={`${id}-saved`}
          mine={mine}
          value={savedMatch?.id ?? ''}
          onPick={(pick) => set({ address: pick.address, save: false })}
        />
      ) : null}
      <InputField
        id={`${id}-address`}
        label={t('wd.address')}
        value={draft.address}
        onChange={(address) => set({ address })}
        className="mono"
        error={draft.address.trim() ? say(check.addressError) : null}
      />
      <AmountField
        id={`${id}-amount`}
        network={network}
        available={available}
        value={draft.amount}
        onChange={(amount) => set({ amount })}
        error={draft.amount.trim() ? say(check.amountError) : null}
      />
      {check.quote ? <QuoteFacts quote={check.quote} coin={info.currency} /> : null}
      {check.address && !savedMatch ? <SaveAddress id={`${id}-label`} draft={draft} onChange={set} /> : null}
    </>
  );
}

/** The saved destinations of this network, to pick one instead of typing it. */
function SavedAddressPick({
  id,
  mine,
  value,
  onPick,
}: {
  id: string;
  mine: SavedAddressView[];
  value: string;
  onPick: (saved: SavedAddressView) => void;
}) {
  const t = useT();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('wd.savedPick')}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => {
          const pick = mine.find((s) => s.id === event.target.value);
          if (pick) onPick(pick);
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
  );
}

/** The amount with the network's limits and fee, and Max (all that fits with the fee). */
function AmountField({
  id,
  network,
  available,
  value,
  onChange,
  error,
}: {
  id: string;
  network: NetworkId;
  available: string;
  value: string;
  onChange: (amount: string) => void;
  error: string | null;
}) {
  const t = useT();
  const fmt = useFormat();
  const info = NETWORKS[network];
  const max = maxWithdrawable(network, available);
  return (
    <>
      <InputField
        id={id}
        label={t('wd.amount')}
        value={value}
        onChange={onChange}
        inputMode="decimal"
        className="num"
        hint={t('wd.limits', {
          min: fmt.number(info.withdraw.min),
          max: fmt.number(info.withdraw.max),
          fee: fmt.number(info.withdraw.fee),
          currency: info.currency,
        })}
        error={error}
        addon={
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={max === null}
            onClick={() => max && onChange(max)}
          >
            {t('wd.max')}
            <span className="sr-only"> · {t('wd.maxLabel')}</span>
          </button>
        }
      />
      {max === null ? <p className="small field__error">{t('wd.noBalance')}</p> : null}
    </>
  );
}

/** Saving a new destination under a label (one code covers the withdrawal and the saving). */
function SaveAddress({
  id,
  draft,
  onChange,
}: {
  id: string;
  draft: DetailsDraft;
  onChange: (patch: Partial<DetailsDraft>) => void;
}) {
  const t = useT();
  return (
    <div className="save-address">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.save}
          onChange={(event) => onChange({ save: event.target.checked })}
        />{' '}
        {t('wd.saveAddress')}
      </label>
      {draft.save ? (
        <InputField
          id={id}
          label={t('wd.saveLabel')}
          value={draft.label}
          onChange={(label) => onChange({ label })}
          maxLength={50}
          error={draft.label.trim() ? null : t('wd.err.labelRequired')}
        />
      ) : null}
    </div>
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
