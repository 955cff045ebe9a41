import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { TWO_FACTOR_KEY, twoFactorApi } from '../api/two-factor-api';
import { EnrolDialog, type EnrolPurpose } from '../components/EnrolDialog';
import { secondFactorReason } from '../lib/second-factor';

export interface SellingGate {
  /**
   * Runs `proceed` when two-factor is on; otherwise asks the user to enrol first and runs it
   * once they did (selling and withdrawing need it: docs/decisions/023).
   */
  ensure: (proceed: () => void) => Promise<void>;
  /** A refusal for not being enrolled: enrol, then `retry`. True when it was that refusal. */
  handle: (error: unknown, retry: () => void) => boolean;
  /** The enrolment dialog; render it once beside the screen. */
  dialog: ReactNode;
}

/**
 * Leads a user who sells, withdraws or swaps without two-factor through enrolment and back;
 * `purpose` words the dialog's reason.
 */
export function useSellingGate(purpose: EnrolPurpose = 'sell'): SellingGate {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const next = useRef<(() => void) | null>(null);

  const ask = useCallback((proceed: () => void) => {
    next.current = proceed;
    setOpen(true);
  }, []);

  const ensure = useCallback(
    async (proceed: () => void) => {
      const status = await queryClient
        .fetchQuery({ queryKey: TWO_FACTOR_KEY, queryFn: twoFactorApi.status, staleTime: 30_000 })
        .catch(() => null);
      // Unknown (offline): the server has the last word, and `handle` catches its refusal.
      if (status && !status.enabled) ask(proceed);
      else proceed();
    },
    [queryClient, ask],
  );

  const handle = useCallback(
    (error: unknown, retry: () => void) => {
      if (secondFactorReason(error) !== 'not_enabled') return false;
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      ask(retry);
      return true;
    },
    [queryClient, ask],
  );

  const dialog = (
    <EnrolDialog
      open={open}
      purpose={purpose}
      onClose={() => {
        next.current = null;
        setOpen(false);
      }}
      onEnrolled={() => {
        setOpen(false);
        const proceed = next.current;
        next.current = null;
        proceed?.();
      }}
    />
  );
  return { ensure, handle, dialog };
}
