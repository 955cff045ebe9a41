import type { TradeView } from '@p2p/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { uploadPaymentProof } from '../api/files';
import { tradeKeys } from '../api/trade-api';
import { checkReceipt } from '../lib/receipt';
import { TradeIcon } from './TradeIcon';

/** Checks the chosen file, uploads it and refreshes the trade; a problem is kept to be shown. */
function useReceiptUpload(trade: TradeView, input: React.RefObject<HTMLInputElement | null>) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const problem = checkReceipt(file);
    if (problem) {
      setError(t(problem));
      clearInput();
      return;
    }
    setBusy(true);
    try {
      await uploadPaymentProof(trade.id, file);
      toast.success(t('trade.receipt.uploaded'));
      await queryClient.invalidateQueries({ queryKey: tradeKeys.details(trade.id) });
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : t('api.uploadFailed');
      setError(t('trade.receipt.uploadError', { message: /[.!?]$/.test(message) ? message : `${message}.` }));
    } finally {
      setBusy(false);
      clearInput();
    }
  };
  return { busy, error, onFile };
}

/** The buyer attaches a receipt; errors say 'Ошибка загрузки: {message} Попробуйте снова.' */
export function ReceiptUpload({
  trade,
  inputRef,
}: {
  trade: TradeView;
  inputRef?: React.RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const id = useId();
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  const { busy, error, onFile } = useReceiptUpload(trade, input);

  return (
    <div className="tr-upload">
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        className="sr-only"
        disabled={busy}
        aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <label
        htmlFor={id}
        className={`btn btn--ghost tr-upload__btn${busy ? ' is-busy' : ''}`}
        aria-disabled={busy}
      >
        {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : <TradeIcon name="upload" />}
        {busy
          ? t('trade.receipt.uploading')
          : t(trade.paymentProofFiles.length ? 'trade.receipt.uploadMore' : 'trade.receipt.upload')}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t('trade.receipt.hint')}
      </p>
      {error ? (
        <p id={`${id}-err`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
