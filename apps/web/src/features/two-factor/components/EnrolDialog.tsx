import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useT } from '@/i18n';
import { EnrolSteps } from './EnrolSteps';
import { RecoveryCodes } from './RecoveryCodes';

/** What the user was doing when asked to enrol: the dialog says why in those words. */
export type EnrolPurpose = 'sell' | 'swap';

interface EnrolDialogProps {
  open: boolean;
  onClose: () => void;
  /** Two-factor is on and the recovery codes were seen: go on with what was asked. */
  onEnrolled: () => void;
  /** Selling and withdrawing unless told (taking a swap: docs/decisions/038). */
  purpose?: EnrolPurpose;
}

/**
 * Selling and withdrawing need two-factor on (docs/decisions/023). Instead of a dead end, the
 * user enrols here, sees the recovery codes once, and carries on where they were.
 */
export function EnrolDialog({ open, onClose, onEnrolled, purpose = 'sell' }: EnrolDialogProps) {
  const t = useT();
  const id = useId();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('security.enrol.title')}
      </h2>
      <p id={`${id}-d`} className="muted">
        {codes
          ? t('security.enrol.done')
          : t(purpose === 'swap' ? 'security.enrol.whySwap' : 'security.enrol.why')}
      </p>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          doneLabel={t('security.enrol.continue')}
          onDone={() => {
            setCodes(null);
            onEnrolled();
          }}
        />
      ) : (
        <EnrolSteps onEnabled={setCodes} onCancel={close} />
      )}
    </Dialog>
  );
}
