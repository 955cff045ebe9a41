import { useId } from 'react';
import { Switch } from '@/components/ui/Switch';

/** A labelled on/off setting with its explanation. */
export function SwitchRow({
  label,
  hint,
  checked,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="settings-row" data-testid={testId}>
      <div>
        <div id={`${id}-label`} className="settings-row__label">
          {label}
        </div>
        {hint ? (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        labelledBy={`${id}-label`}
        describedBy={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}
