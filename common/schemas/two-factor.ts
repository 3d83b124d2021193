import { z } from 'zod';
import { publicUserSchema } from './auth.ts';

/** The wording users see for two-step sign-in. */
export const twoFactorMessages = {
  codeRequired: 'Please enter the code from your authenticator app',
  codeIncorrect:
    'That code is not right. Enter the current code from your authenticator app, or a recovery code',
  challengeExpired: 'This sign-in has expired. Please sign in again',
  alreadyOn: 'Two-step sign-in is already on',
  notOn: 'Two-step sign-in is not on',
  noSetup: 'Start the setup again: scan a new QR code',
  enabled: 'Two-step sign-in is on',
  disabled: 'Two-step sign-in is off',
  required: 'Confirm it is you: enter a code from your authenticator app',
  confirmed: 'Confirmed',
} as const;

/** Six digits from the app, or a recovery code (xxxxx-xxxxx); spaces and dashes are ignored. */
export const twoFactorCode = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .max(40, twoFactorMessages.codeIncorrect);

/** GET /api/me/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/me/two-factor/setup: a new secret to scan (shown until confirmed with a code). */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (an SVG data URL). */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/me/two-factor/enable and /api/me/two-factor/confirm */
export const twoFactorCodeSchema = z.object({ code: twoFactorCode });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** The answer of enable: the 10 recovery codes, shown this once. */
export const twoFactorEnabledSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** What sign-in (password or Google) answers when the account asks for a second step. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Traded with a code at POST /api/auth/signin/two-factor within 10 minutes. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** Sign-in's answer: a session, or the second step still to do. */
export const signInAnswerSchema = z.union([
  z.object({ token: z.string(), user: publicUserSchema }),
  twoFactorChallengeSchema,
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** POST /api/auth/signin/two-factor */
export const twoFactorSignInSchema = z.object({
  challenge: z.string({ error: twoFactorMessages.challengeExpired }).min(1).max(200),
  code: twoFactorCode,
});
