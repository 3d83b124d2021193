/**
 * What other features use of auth: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { useChangePassword } from './api/change-password.ts';
export { useSessions } from './api/get-sessions.ts';
export { useRevokeSession } from './api/revoke-session.ts';
export { useUpdateProfile } from './api/update-profile.ts';
export { PasswordField } from './components/password-field.tsx';
export { SubmitButton } from './components/submit-button.tsx';
export { TextField } from './components/text-field.tsx';
export { fieldErrorsOf } from './error-messages.ts';
export { isIpAddress, PASSKEYS_NEED_DOMAIN, passkeyFailureText } from './passkey-failure.ts';
export { withWait } from './wait-text.ts';
