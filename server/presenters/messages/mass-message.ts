import {
  type FanList,
  type MassMessageView,
  massMessageAudienceNames,
} from '../../../common/schemas/mass-messages.ts';
import { messagePricing } from '../../../common/schemas/messages.ts';
import type { MassMessageRow } from '../../repositories/messages/mass-messages.repository.ts';

/** A mass message for its sender, with how it did. */
export function presentMassMessage(row: MassMessageRow): MassMessageView {
  const { massMessage } = row;
  return {
    id: massMessage.id,
    audience: massMessage.audience,
    audienceName:
      massMessage.audience === 'list'
        ? (massMessage.audienceName ?? 'A list')
        : massMessageAudienceNames[massMessage.audience],
    text: massMessage.body,
    itemCount: row.itemCount,
    price:
      massMessage.priceCents === null
        ? null
        : { amount: massMessage.priceCents, currency: messagePricing.currency },
    status: massMessage.status,
    recipients: massMessage.recipients,
    delivered: massMessage.delivered,
    viewed: row.viewed,
    purchased: row.purchased,
    earned: { amount: row.earned, currency: messagePricing.currency },
    createdAt: massMessage.createdAt.toISOString(),
  };
}

export function presentFanList(list: { id: string; name: string; count: number; hasFan?: boolean }): FanList {
  return {
    id: list.id,
    name: list.name,
    count: list.count,
    ...(list.hasFan === undefined ? {} : { hasFan: list.hasFan }),
  };
}
