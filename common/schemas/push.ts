import { z } from 'zod';

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/**
 * POST /api/me/push/subscriptions: what the browser's PushSubscription.toJSON() gives. The keys
 * are a P-256 public key (65 bytes, 87 characters) and a 16-byte auth secret (22 characters).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be the push service URL the browser gave' }).max(2048),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** POST /api/me/push/unsubscribe: a device turns push off, named by its endpoint (this browser) or its id (Settings). */
export const pushUnsubscribeSchema = z
  .object({ endpoint: z.string().min(1).max(2048).optional(), id: z.uuid().optional() })
  .refine((value) => (value.endpoint === undefined) !== (value.id === undefined), {
    message: 'Give the device’s endpoint or its id',
  });

/** PUT /api/me/push/settings */
export const pushSettingsUpdateSchema = z.object({ hidePreviews: z.boolean() });

export const pushDeviceSchema = z.object({
  id: z.string(),
  /** 'Chrome on Android' */
  label: z.string(),
  createdAt: z.string(),
  /** This browser session turned it on. */
  current: z.boolean(),
});

/** GET /api/me/push: the key browsers subscribe with, the devices that have push on, the choices. */
export const pushStateSchema = z.object({
  /** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
  publicKey: z.string(),
  /** Message pushes say only "New message from <name>", without the words. */
  hidePreviews: z.boolean(),
  devices: z.array(pushDeviceSchema),
});
export type PushState = z.infer<typeof pushStateSchema>;

/** What a push carries (web/sw/push.ts shows it): never locked content, never an email address. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app path it is about. */
  url: z.string().startsWith('/'),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
