import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useDevCode } from '../api/two-factor-api';

interface SecondFactorFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** The label of the field (the action it confirms may name itself). */
  label?: string;
}

/**
 * The second-factor code of a money action: six digits from the authenticator app or a
 * recovery code. Under the development sign-in a demo user's current code is shown beside it.
 */
export function SecondFactorField({ id, value, onChange, error, label }: SecondFactorFieldProps) {
  const t = useT();
  const devCode = useDevCode();
  return (
    <div className="second-factor">
      <InputField
        id={id}
        label={label ?? t('security.code.label')}
        value={value}
        onChange={onChange}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('security.code.placeholder')}
        maxLength={40}
        className="num"
        hint={t('security.code.hint')}
        error={error ?? null}
      />
      {devCode ? (
        <p className="small muted" data-testid="dev-totp-code">
          {t('security.devCode', { code: devCode })}
        </p>
      ) : null}
    </div>
  );
}
