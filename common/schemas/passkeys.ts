import { z } from 'zod';

export const passkeyMessages = {
  nameRequired: 'Please give the passkey a name',
  alreadyRegistered: 'This passkey is already registered. Use another device or security key',
  nameTooLong: 'Passkey names are at most 60 characters',
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  notFound: 'Passkey not found',
  failed: 'This passkey could not be checked. Please try again',
  expired: 'This request expired. Please try again',
} as const;

const name = z
  .string({ error: passkeyMessages.nameRequired })
  .trim()
  .min(1, passkeyMessages.nameRequired)
  .max(60, passkeyMessages.nameTooLong);

/** What the browser's WebAuthn call returned, as JSON (checked in full by the server's library). */
const credentialResponse = z.looseObject({ id: z.string().min(1).max(1024), type: z.string() });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });

/** POST /api/me/passkeys: the name and the browser's answer to the registration options. */
export const addPasskeySchema = z.object({ name, response: credentialResponse });
export const renamePasskeySchema = z.object({ name });
export const passkeyParamsSchema = z.object({ id: z.string().min(1).max(1024) });

/** POST /api/auth/passkey: the browser's answer to the sign-in options. */
export const passkeySignInSchema = z.object({ response: credentialResponse });

/** The options handed to the browser's WebAuthn call (built by the server's library). */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
