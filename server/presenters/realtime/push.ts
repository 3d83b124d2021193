import type { ChatMessage } from '../../../common/schemas/messages.ts';
import type { PushState as PushStateView } from '../../../common/schemas/push.ts';
import { formatUsd } from '../../lib/money.ts';
import type { PushMessage, PushState } from '../../services/realtime/push.service.ts';
import { nameForOthers } from '../auth/user.ts';

/** Settings > Notifications: the key to subscribe with, the choice about previews, this account's devices. */
export function presentPushState(state: PushState, currentSessionId: string): PushStateView {
  return {
    publicKey: state.publicKey,
    hidePreviews: state.hidePreviews,
    devices: state.devices.map((device) => ({
      id: device.id,
      label: device.label,
      createdAt: device.createdAt.toISOString(),
      current: device.sessionId === currentSessionId,
    })),
  };
}

/**
 * The push for a message a member received, or null for a tip's message (the tip notification
 * says it). A priced message says who sent it and its price, never its words or what it holds;
 * a free one carries its words as a preview, which the recipient may hide.
 */
export function pushForMessage(
  message: ChatMessage,
  sender: { firstName: string; lastName: string; creator: { displayName: string } | null },
): { kind: 'message' | 'paid_message'; message: PushMessage } | null {
  if (message.tip) return null;
  const name = nameForOthers({ ...sender, displayName: sender.creator?.displayName ?? null });
  // The same for every recipient of a mass message, so one job carries them all.
  const url = `/message?user=${encodeURIComponent(message.senderId)}`;
  const tag = `message-${message.senderId}`;
  const price = message.attachment?.price;
  if (price) {
    return {
      kind: 'paid_message',
      message: {
        title: `${name} sent you a pay-per-view message`,
        body: `${formatUsd(price.amount, price.currency)} to unlock`,
        url,
        tag,
      },
    };
  }
  const attached = message.attachment ? 'Sent a photo or video' : '';
  return {
    kind: 'message',
    message: { title: `New message from ${name}`, preview: message.text || attached, url, tag },
  };
}
