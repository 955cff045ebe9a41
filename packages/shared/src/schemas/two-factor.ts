import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { text } from './text.ts';

/** Two-factor authentication (TOTP, RFC 6238) of a user, enrolled from the profile. */

export const TwoFactorMessages = {
  codeRequired: 'security.codeToStepUp',
  invalidCode: 'security.codeInvalid',
  alreadyEnabled: 'security.alreadyEnabled',
  notEnabled: 'security.notEnabled',
  setupFirst: 'security.setupFirst',
} as const satisfies Record<string, MessageKey>;

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** A secret was issued and awaits its first code. */
  pending: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /**
   * The caller's session's step-up window (docs/decisions/023): until then, confirming a
   * payment needs no new code. Null when closed.
   */
  stepUpUntil: z.string().nullable(),
  /** How long one code keeps the window open. */
  stepUpMinutes: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** The secret (base32) and the `otpauth://` URI the web app draws as a QR code itself. */
export const TwoFactorSetupResult = z.object({ secret: z.string(), otpauthUri: z.string() });

export const TwoFactorCodeRequest = z.object({
  code: text({
    min: 1,
    max: 40,
    messages: { required: TwoFactorMessages.codeRequired, tooLong: TwoFactorMessages.invalidCode },
  }),
});

/** Recovery codes are shown once, here; the server keeps only their hashes. */
export const TwoFactorEnableResult = z.object({
  enabled: z.literal(true),
  recoveryCodes: z.array(z.string()),
});

export const TwoFactorDisableResult = z.object({ enabled: z.literal(false) });

/** `POST /users/2fa/recovery-codes`: the new recovery codes, shown only this once. */
export const RecoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof RecoveryCodesResult>;

/** `POST /users/2fa/step-up`: the session's window, opened by a valid code. */
export const StepUpResult = z.object({ stepUpUntil: z.string() });

/** A second-factor code carried by a money action: 6 digits (spaces allowed) or a recovery code. */
export const SecondFactorCode = text({ max: 40 });
