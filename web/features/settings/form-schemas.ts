import { z } from 'zod';
import { authMessages, changePasswordSchema, updateProfileSchema } from '#common/schemas/auth.ts';

/** The spec's wording for the password form (section 5); the length rule is the server's (8). */
export const settingsMessages = {
  confirmPasswordRequired: 'Confirm password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordChanged: authMessages.passwordChanged,
  otherSessionsSignedOut: 'Your other devices were signed out. Sign in there again with the new password.',
  nameSaved: 'Your name was saved',
  photoSaved: 'Your profile photo was saved',
  photoRemoved: 'Your profile photo was removed',
  photoUploadFailed: 'Your photo could not be uploaded. Please try again.',
  sessionRevoked: 'That device was signed out',
} as const;

/** Current, new and confirmation: the server's rules plus the match, which only the form can check. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z.string().min(1, settingsMessages.confirmPasswordRequired),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: settingsMessages.passwordsDoNotMatch,
    // Checked even while other fields still have problems, but only once a confirmation was typed.
    when: ({ value }) => {
      const pair = value as { newPassword?: unknown; confirmPassword?: unknown };
      return (
        typeof pair.newPassword === 'string' &&
        typeof pair.confirmPassword === 'string' &&
        pair.confirmPassword !== ''
      );
    },
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** Personal Info's editable part: both names are required (the server's own rule). */
export const personalInfoFormSchema = z.object({
  firstName: updateProfileSchema.shape.firstName.unwrap(),
  lastName: updateProfileSchema.shape.lastName.unwrap(),
});
export type PersonalInfoFormValues = z.input<typeof personalInfoFormSchema>;
