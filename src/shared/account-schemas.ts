import { z } from 'zod';
import { adminMessages, messages, recoveryMessages, secondFactorMessages } from './messages.ts';
import { MAX_PASSWORD_LENGTH, NewPasswordSchema } from './admin-schemas.ts';
import { EmailSchema } from './schemas.ts';

// The admin's own account: logging in with a second factor and setting one up. Used by the auth routes
// (src/server/auth) and the admin app's login and "Mi cuenta" pages.

/** A login answer: when the account has a second factor, the session waits for the code. */
export const LoginResultSchema = z.object({
  id: z.string(),
  email: z.string(),
  secondFactorRequired: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** Who is logged in, and where she stands with the second factor. */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  secondFactorEnabled: z.boolean(),
  /** True when the site requires a second factor of every admin. */
  secondFactorRequired: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

/** A six-digit code from the app, or a recovery code (`XXXX-XXXX-XXXX`). */
export const SecondFactorCodeSchema = z.strictObject({
  code: z
    .string({ error: secondFactorMessages.codeRequired })
    .trim()
    .min(1, { error: secondFactorMessages.codeRequired })
    .max(32, { error: secondFactorMessages.badCode }),
});

export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

export const SecondFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  uri: z.string(),
  /** An SVG QR code as a data: URL. */
  qrCode: z.string(),
});
export type SecondFactorSetup = z.infer<typeof SecondFactorSetupSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

const currentPassword = z
  .string({ error: messages.required })
  .min(1, { error: messages.required })
  .max(MAX_PASSWORD_LENGTH, { error: adminMessages.passwordTooLong });

/**
 * The password asked again before a sensitive change (creating or removing an admin, turning the
 * second factor off, retention), with a code from the app or a recovery code when the account has a
 * second factor (decision 035).
 */
export const StepUpSchema = z.strictObject({
  password: currentPassword,
  code: z.string().trim().max(32, { error: secondFactorMessages.badCode }).optional(),
});
export type StepUp = z.infer<typeof StepUpSchema>;

/** "¿Olvidaste tu contraseña?": the address a link is sent to, when it belongs to an admin. */
export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });

/** The link's token (from the mail) and the new password. */
export const PasswordResetConfirmSchema = z.strictObject({
  token: z
    .string({ error: recoveryMessages.resetLinkInvalid })
    .min(1, { error: recoveryMessages.resetLinkInvalid })
    .max(200, { error: recoveryMessages.resetLinkInvalid }),
  password: NewPasswordSchema,
});
