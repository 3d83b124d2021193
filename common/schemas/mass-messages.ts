import { z } from 'zod';
import { messageLimits, messageMessages } from './messages.ts';
import { chargeProblem } from './posts.ts';

/**
 * Who a mass message goes to: the creator's fans with access now, their followers, fans whose
 * subscription ended, or one of the creator's own lists of fans.
 */
export const massMessageAudiences = ['subscribers', 'followers', 'expired', 'list'] as const;
export type MassMessageAudience = (typeof massMessageAudiences)[number];
export const massMessageStatuses = ['sending', 'sent'] as const;

export const massMessageAudienceNames: Record<MassMessageAudience, string> = {
  subscribers: 'All active subscribers',
  followers: 'All followers',
  expired: 'Expired subscribers',
  list: 'A list',
};

export const fanListLimits = { nameMax: 40, listsMax: 50 } as const;

/** The wording users see. */
export const massMessageMessages = {
  nobody: 'No one to send this to: this audience is empty right now.',
  chooseList: 'Choose one of your lists',
  listNotFound: 'List not found',
  creatorsOnly: 'Only approved creators can send mass messages',
  notFound: 'Mass message not found',
  sent: (count: number) => `Sending to ${count.toLocaleString('en-US')} ${count === 1 ? 'fan' : 'fans'}`,
  listNameRequired: 'Please name the list',
  listNameTooLong: `List names can be at most ${fanListLimits.nameMax} characters`,
  listNameTaken: 'You already have a list with this name',
  tooManyLists: `You can have at most ${fanListLimits.listsMax} lists`,
  notYourFan: 'Only your subscribers, past subscribers and followers can be added to a list',
} as const;

/** POST /api/mass-messages */
export const createMassMessageSchema = z
  .object({
    audience: z.enum(massMessageAudiences),
    listId: z.uuid({ error: massMessageMessages.chooseList }).optional(),
    text: z.string({ error: messageMessages.blank }).max(messageLimits.maxLength, messageMessages.tooLong),
    mediaIds: z.array(z.uuid()).max(messageLimits.itemsMax, messageMessages.tooManyItems).optional(),
    price: z.string().trim().max(12).optional(),
  })
  .superRefine((value, context) => {
    const items = value.mediaIds ?? [];
    if (value.audience === 'list' && !value.listId)
      context.addIssue({ code: 'custom', path: ['listId'], message: massMessageMessages.chooseList });
    if (value.text.trim() === '' && items.length === 0)
      context.addIssue({ code: 'custom', path: ['text'], message: messageMessages.blank });
    if (new Set(items.map((id) => id.toLowerCase())).size !== items.length)
      context.addIssue({ code: 'custom', path: ['mediaIds'], message: messageMessages.repeatedItem });
    if (value.price !== undefined && value.price !== '') {
      if (items.length === 0)
        context.addIssue({ code: 'custom', path: ['price'], message: messageMessages.priceNeedsMedia });
      else {
        const problem = chargeProblem(value.price);
        if (problem) context.addIssue({ code: 'custom', path: ['price'], message: problem });
      }
    }
  });
export type CreateMassMessageInput = z.infer<typeof createMassMessageSchema>;

const money = z.object({ amount: z.number().int(), currency: z.string() });

/** A sent mass message with how it did: recipients, how many opened it, bought it, and what it earned. */
export const massMessageSchema = z.object({
  id: z.string(),
  audience: z.enum(massMessageAudiences),
  /** 'All active subscribers', or the list's name. */
  audienceName: z.string(),
  text: z.string(),
  itemCount: z.number().int(),
  price: money.nullable(),
  status: z.enum(massMessageStatuses),
  recipients: z.number().int(),
  delivered: z.number().int(),
  viewed: z.number().int(),
  purchased: z.number().int(),
  /** The creator's part of what the unlocks paid (after the platform fee and refunds). */
  earned: money,
  createdAt: z.string(),
});
export type MassMessageView = z.infer<typeof massMessageSchema>;

export const massMessageListSchema = z.object({
  items: z.array(massMessageSchema),
  nextCursor: z.string().nullable(),
});
export type MassMessageList = z.infer<typeof massMessageListSchema>;

/** GET /api/mass-messages/audiences: how many fans each audience holds now (blocked ones left out). */
export const massMessageAudienceCountsSchema = z.object({
  subscribers: z.number().int(),
  followers: z.number().int(),
  expired: z.number().int(),
  lists: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
});
export type MassMessageAudienceCounts = z.infer<typeof massMessageAudienceCountsSchema>;

/** Fan lists. */
export const fanListNameSchema = z.object({
  name: z
    .string({ error: massMessageMessages.listNameRequired })
    .trim()
    .min(1, massMessageMessages.listNameRequired)
    .max(fanListLimits.nameMax, massMessageMessages.listNameTooLong),
});
export const fanListSchema = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().int(),
  /** For `GET /api/fan-lists?fan=<userId>`: whether that fan is on it. */
  hasFan: z.boolean().optional(),
});
export type FanList = z.infer<typeof fanListSchema>;
export const fanListListSchema = z.object({ items: z.array(fanListSchema) });
export type FanListList = z.infer<typeof fanListListSchema>;
