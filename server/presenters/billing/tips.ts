import type { ChatMessage } from '../../../common/schemas/messages.ts';
import type { MessageRecord } from '../../repositories/messages/conversations.repository.ts';

/** A chat message's tip (its amount; the note is the message's text), or null for other messages. */
export function presentMessageTip(message: MessageRecord): ChatMessage['tip'] {
  return message.tipAmount !== null && message.tipCurrency !== null
    ? { amount: message.tipAmount, currency: message.tipCurrency }
    : null;
}
