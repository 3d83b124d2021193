import { z } from 'zod';
import {
  authMessages,
  forgotPasswordSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  verifyEmailSchema,
} from '#common/schemas/auth.ts';

/**
 * The forms validate with the server's own schemas (common/schemas/auth.ts), so both speak with one
 * voice. Only what never leaves the browser is added here: the confirmation field.
 */
export const formMessages = {
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

interface PasswordPair {
  password?: unknown;
  confirmPassword?: unknown;
}

/** Compares the pair only once both were typed, so an empty confirmation keeps its own message. */
const passwordsMatch = {
  path: ['confirmPassword'],
  message: formMessages.passwordsDoNotMatch,
  when: ({ value }: { value: unknown }) => {
    const pair = value as PasswordPair;
    return (
      typeof pair.password === 'string' &&
      typeof pair.confirmPassword === 'string' &&
      pair.confirmPassword !== ''
    );
  },
};

export const signInFormSchema = signinSchema;

/**
 * The server's rule for the box is `literal(true)`; the form starts unticked, so here it is a boolean
 * that must be true, with the same message.
 */
export const signUpFormSchema = signupSchema
  .extend({
    acceptTerms: z.boolean().refine((accepted) => accepted, authMessages.acceptTerms),
    confirmPassword: z.string().min(1, formMessages.confirmPassword),
  })
  .refine((values) => values.password === values.confirmPassword, passwordsMatch);

export const forgotPasswordFormSchema = forgotPasswordSchema;

/** The token comes from the link, not from a field. */
export const resetPasswordFormSchema = resetPasswordSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, authMessages.fillAllFields) })
  .refine((values) => values.password === values.confirmPassword, passwordsMatch);

/** The email is the stored one, shown read-only; a missing one says 'Could not find email to verify'. */
export const verifyEmailFormSchema = verifyEmailSchema;

export type SignUpFormValues = z.input<typeof signUpFormSchema>;
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
