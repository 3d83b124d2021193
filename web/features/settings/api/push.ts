import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushState } from '#common/schemas/push.ts';
import { api } from '../../../lib/api-client.ts';

const key = ['me', 'push'] as const;

/** GET /api/me/push: the server's key, this account's devices with push on, the preview choice. */
export const pushStateQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => (await api.get('/me/push', { signal })) as PushState,
  });

export const usePushState = () => useQuery(pushStateQueryOptions());

/** What this browser can do about push: nothing, only after being added to the Home Screen (iOS), or all of it. */
export type PushSupport = 'supported' | 'unsupported' | 'needs-service-worker';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return 'supported';
}

/** The browser's subscription under the service worker, or null (no worker yet, or push off). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, publicKey: string) => {
  const given = subscription.options.applicationServerKey;
  if (!given) return false;
  const expected = keyBytes(publicKey);
  const actual = new Uint8Array(given);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
};

/** Plain words for what stopped push from turning on. */
export class PushSetupError extends Error {}

/**
 * Turns push on for this browser: asks for permission (only ever after a click), subscribes with
 * the server's key (again when the server's key changed), and tells the server.
 */
async function enablePush(publicKey: string): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) {
    throw new PushSetupError(
      'The app is still setting itself up in this browser. Reload the page and try again.',
    );
  }
  const permission = await Notification.requestPermission();
  if (permission === 'denied') {
    throw new PushSetupError(
      'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
    );
  }
  if (permission !== 'granted') throw new PushSetupError('Notifications were not allowed.');
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch (error) {
    throw new PushSetupError(
      `This browser could not reach its push service${error instanceof Error && error.message ? ` (${error.message})` : ''}.`,
    );
  }
  return (await api.post('/me/push/subscriptions', subscription.toJSON())) as PushState;
}

/** Turns push off for this browser: the server forgets it and the browser drops the subscription. */
async function disablePush(): Promise<PushState> {
  const subscription = await currentSubscription();
  const state = subscription
    ? ((await api.post('/me/push/unsubscribe', { endpoint: subscription.endpoint })) as PushState)
    : ((await api.get('/me/push')) as PushState);
  await subscription?.unsubscribe();
  return state;
}

export function usePushToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { on: true; publicKey: string } | { on: false }) =>
      change.on ? enablePush(change.publicKey) : disablePush(),
    onSuccess: (state) => queryClient.setQueryData(key, state),
  });
}

/** POST /api/me/push/unsubscribe by id: another device of this account stops receiving pushes. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post('/me/push/unsubscribe', { id })) as PushState,
    onSuccess: (state) => queryClient.setQueryData(key, state),
  });
}

export function useHidePreviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hidePreviews: boolean) =>
      (await api.put('/me/push/settings', { hidePreviews })) as PushState,
    onSuccess: (state) => queryClient.setQueryData(key, state),
  });
}
