import { z } from 'zod';
import { limits } from '../limits.ts';

/** The wording users see; the spec's own where it has one (sections 5 and 8). */
export const authMessages = {
  fillAllFields: 'Please fill in all fields',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  passwordTooShort: `Password must be at least ${limits.passwordMinLength} characters`,
  passwordTooLong: `Password must be at most ${limits.passwordMaxLength} characters`,
  passwordTooCommon: 'This password is too common. Please choose a less common one',
  acceptTerms: 'You must be at least 18 and accept the terms',
  nameTooLong: `Names must be at most ${limits.nameMaxLength} characters`,
  emailTaken: 'An account with this email already exists',
  signupCodeSent: 'Account created successfully. Please check your email for verification.',
  emailToVerifyMissing: 'Could not find email to verify',
  codeRequired: 'Please enter verification code',
  codeFormat: 'The verification code has 6 digits',
  codeIncorrect: 'Incorrect verification code',
  codeExpired: 'This code has expired or was already used. Please request a new one',
  codeVoided: 'Too many incorrect attempts. Please request a new code',
  verificationSent: 'Email verification sent',
  resendTooSoon: 'Please wait before requesting another code',
  signInFieldsRequired: 'Please enter both email and password',
  signInFailed: 'Password or email incorrect',
  signInLocked: 'Too many failed sign-in attempts. Please try again later',
  loggedOut: 'Logged out successfully',
  forgotEmailRequired: 'Please enter your email address',
  resetLinkSent: 'If an account exists for that email, we sent a reset link.',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  passwordReset: 'Password reset successfully',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  invalidImageUrl: 'Invalid image URL',
  tooManyRequests: 'Too many requests. Please try again later',
  emailNotVerified: 'Please verify your email address first',
  sessionNotFound: 'Session not found',
  googleNotConfigured: 'Google sign-in is not configured',
  googleCodeInvalid: 'This sign-in link is invalid or has expired',
} as const;

const m = authMessages;

/** Trimmed and lower-cased: one spelling per address. */
const email = (required: string = m.emailRequired) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(limits.emailMaxLength, m.invalidEmail)
    .regex(z.regexes.email, m.invalidEmail);

/** A password being chosen: the length rule (the common-password rule runs on the server). */
const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(limits.passwordMinLength, m.passwordTooShort)
    .max(limits.passwordMaxLength, m.passwordTooLong);

const personName = z
  .string({ error: m.fillAllFields })
  .trim()
  .min(1, m.fillAllFields)
  .max(limits.nameMaxLength, m.nameTooLong);

const absoluteImageUrl = z.url({ protocol: /^https?$/ });
/** An http(s) URL, or a path on this site (media links are relative to it). */
const imageUrl = z
  .string({ error: m.invalidImageUrl })
  .max(limits.imageUrlMaxLength, m.invalidImageUrl)
  .refine(
    (value) => /^\/api\/media\/[^/]/.test(value) || absoluteImageUrl.safeParse(value).success,
    m.invalidImageUrl,
  );

export const signupSchema = z.object({
  email: email(),
  password: newPassword(m.fillAllFields),
  firstName: personName,
  lastName: personName,
  acceptTerms: z.literal(true, { error: m.acceptTerms }),
});

export const verifyEmailSchema = z.object({
  email: email(m.emailToVerifyMissing),
  code: z
    .string({ error: m.codeRequired })
    .trim()
    .min(1, m.codeRequired)
    .regex(/^\d{6}$/, m.codeFormat),
});

export const resendVerificationSchema = z.object({ email: email(m.emailToVerifyMissing) });

export const signinSchema = z.object({
  email: z
    .string({ error: m.signInFieldsRequired })
    .trim()
    .toLowerCase()
    .min(1, m.signInFieldsRequired)
    .max(limits.emailMaxLength, m.signInFailed),
  password: z
    .string({ error: m.signInFieldsRequired })
    .min(1, m.signInFieldsRequired)
    .max(1024, m.signInFailed),
});

export const forgotPasswordSchema = z.object({ email: email(m.forgotEmailRequired) });

export const resetPasswordSchema = z.object({
  token: z.string({ error: m.resetLinkInvalid }).min(1, m.resetLinkInvalid).max(200, m.resetLinkInvalid),
  password: newPassword(m.fillAllFields),
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: m.currentPasswordRequired })
    .min(1, m.currentPasswordRequired)
    .max(1024, m.currentPasswordIncorrect),
  newPassword: newPassword(m.newPasswordRequired),
});

/** Only the fields sent are changed; `profileImage: null` removes the picture. */
export const updateProfileSchema = z.object({
  firstName: personName.optional(),
  lastName: personName.optional(),
  profileImage: imageUrl.nullable().optional(),
});

export const googleExchangeSchema = z.object({
  code: z.string({ error: m.googleCodeInvalid }).min(1, m.googleCodeInvalid).max(200, m.googleCodeInvalid),
});

export const roleSchema = z.enum(['user', 'admin']);

/** The user as any client may see them: never a hash, never a token. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.string().nullable(),
  isEmailVerified: z.boolean(),
  role: roleSchema,
  createdAt: z.iso.datetime(),
});

export const userResponseSchema = z.object({ user: publicUserSchema });

export const authResponseSchema = z.object({ token: z.string(), user: publicUserSchema });

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * POST /api/auth/signup answers the same whether or not the address already has an account: the
 * address as stored (trimmed, lower-cased) and what to do next. No user, no token.
 */
export const signupResponseSchema = z.object({ email: z.string(), message: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The approximate place of the address (a country, from an offline database), when known. */
  place: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  current: z.boolean(),
});

export const sessionsResponseSchema = z.object({ items: z.array(sessionSchema) });

export const sessionParamsSchema = z.object({ id: z.uuid({ error: m.sessionNotFound }) });

export type SignupInput = z.input<typeof signupSchema>;
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;
export type ResendVerificationInput = z.input<typeof resendVerificationSchema>;
export type SigninInput = z.input<typeof signinSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type PublicUser = z.infer<typeof publicUserSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type SessionView = z.infer<typeof sessionSchema>;
