/**
 * What the account screens tell the user (spec section 8), in one place. Kept apart from the shared
 * zod schemas so the first page's JavaScript (the logout in the layout) does not pull zod in.
 */
export const authToasts = {
  loggedIn: 'Logged in successfully',
  signInFailed: 'Password or email incorrect',
  signupFailed: 'Failed to create account',
  accountCreated: 'Account created successfully. Please check your email for verification.',
  loggedOut: 'Logged out successfully',
  logoutFailed: 'Failed to log out',
  resetEmailSent: 'Password reset email sent',
  resetEmailFailed: 'Failed to send reset email',
  passwordReset: 'Password reset successfully',
  resetFailed: 'Failed to reset password',
  verified: 'Email verification successful',
  verifyFailed: 'Failed to verify your email',
  verificationSent: 'Email verification sent',
  resendWithoutEmail: 'Could not email to verify..',
  profileUpdateFailed: 'Failed to update profile',
  googleFailed: 'Google sign-in did not work. Please try again, or use your email and password.',
} as const;
