import { z } from 'zod';
import { creatorSummarySchema } from './creators.ts';
import { personSchema } from './messages.ts';

export const commentLimits = {
  maxLength: 1000,
  /** Comments (and replies) one user may write per minute, and per hour. */
  perMinute: 10,
  perHour: 120,
  pageSize: 20,
  /** Replies sent with each comment of a page; more are read with GET /api/comments/:id/replies. */
  repliesShown: 3,
} as const;

/** The wording users see. */
export const commentMessages = {
  blank: 'Please write a comment',
  tooLong: `Comments can be at most ${commentLimits.maxLength} characters`,
  notFound: 'Comment not found',
  postNotFound: 'Post not found',
  turnedOff: 'Comments are turned off for this post',
  blocked: 'You cannot comment here',
  oneLevel: 'You can reply to a comment, not to a reply',
  verify: 'Please verify your email address to comment',
  onlyCreator: 'Only the creator can turn comments on or off',
  cannotDelete: 'You can delete your own comments, or any comment on your posts',
  tooMany: 'You are commenting too fast. Please wait a moment',
  deleted: 'Comment deleted',
} as const;

/** POST /api/posts/:id/comments (parentId: a reply to that comment). */
export const createCommentSchema = z.object({
  text: z
    .string({ error: commentMessages.blank })
    .trim()
    .min(1, commentMessages.blank)
    .max(commentLimits.maxLength, commentMessages.tooLong),
  parentId: z.uuid().optional(),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

/**
 * A comment as one viewer sees it: the author's display name and handle, never their email. What
 * the viewer may do with it travels with it (the access funnel, server/policies/actions.ts, decides).
 */
export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  parentId: z.string().nullable(),
  text: z.string(),
  author: personSchema,
  /** The author is the post's creator. */
  byCreator: z.boolean(),
  likes: z.number().int(),
  liked: z.boolean(),
  replyCount: z.number().int(),
  canDelete: z.boolean(),
  canReply: z.boolean(),
  createdAt: z.string(),
});
export type CommentView = z.infer<typeof commentSchema>;

export const commentWithRepliesSchema = commentSchema.extend({ replies: z.array(commentSchema) });
export type CommentWithReplies = z.infer<typeof commentWithRepliesSchema>;

/** GET /api/posts/:id/comments: newest comments first, each with its first replies. */
export const commentPageSchema = z.object({
  items: z.array(commentWithRepliesSchema),
  nextCursor: z.string().nullable(),
  /** Comments and replies the viewer can see counted together, as on the post card. */
  count: z.number().int(),
  enabled: z.boolean(),
  canComment: z.boolean(),
  /** The viewer is the post's creator: they may turn comments on or off. */
  canModerate: z.boolean(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;

/** GET /api/comments/:id/replies: oldest first, as a thread reads. */
export const replyPageSchema = z.object({ items: z.array(commentSchema), nextCursor: z.string().nullable() });
export type ReplyPage = z.infer<typeof replyPageSchema>;

/** PUT /api/posts/:id/comments/settings */
export const commentSettingsSchema = z.object({ enabled: z.boolean() });
export type CommentSettings = z.infer<typeof commentSettingsSchema>;

/** The answer of a comment like or unlike, and of a comment's deletion. */
export const commentLikeStateSchema = z.object({ liked: z.boolean(), likes: z.number().int() });
export const commentCountSchema = z.object({ postId: z.string(), count: z.number().int() });
export type CommentCount = z.infer<typeof commentCountSchema>;

/** PUT and DELETE /api/posts/:id/bookmark */
export const bookmarkStateSchema = z.object({ bookmarked: z.boolean() });
export type BookmarkState = z.infer<typeof bookmarkStateSchema>;

/** Lists of creators a fan keeps; "Favourites" is everyone's and cannot be renamed or deleted. */
export const listLimits = { nameMaxLength: 40, maxLists: 50, maxMembers: 1000 } as const;
export const listMessages = {
  nameRequired: 'Please give the list a name',
  nameTooLong: `List names can be at most ${listLimits.nameMaxLength} characters`,
  nameTaken: 'You already have a list with that name',
  tooMany: `You can have at most ${listLimits.maxLists} lists`,
  full: `A list can hold at most ${listLimits.maxMembers} creators`,
  notFound: 'List not found',
  builtIn: 'Favourites cannot be renamed or deleted',
  creatorNotFound: 'Creator not found',
} as const;

export const listNameSchema = z.object({
  name: z
    .string({ error: listMessages.nameRequired })
    .trim()
    .min(1, listMessages.nameRequired)
    .max(listLimits.nameMaxLength, listMessages.nameTooLong),
});
export type ListNameInput = z.input<typeof listNameSchema>;

export const creatorListSchema = z.object({
  id: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type CreatorList = z.infer<typeof creatorListSchema>;

export const creatorListsSchema = z.object({ items: z.array(creatorListSchema) });
export type CreatorLists = z.infer<typeof creatorListsSchema>;

/** GET /api/lists/:id/creators */
export const listMembersSchema = z.object({ items: z.array(creatorSummarySchema) });

/** GET /api/creators/:handle/lists: which of the viewer's lists hold this creator. */
export const creatorMembershipSchema = z.object({
  items: z.array(creatorListSchema.extend({ hasCreator: z.boolean() })),
});
export type CreatorMembership = z.infer<typeof creatorMembershipSchema>;
