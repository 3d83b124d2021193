import { z } from 'zod';
import { massMessageAudienceNames, massMessageAudiences } from './mass-messages.ts';
import { mediaSchema } from './media.ts';
import { postStatuses } from './posts.ts';

export const vaultFolderNameMax = 60;

export const vaultMessages = {
  folderNameRequired: 'Give the folder a name',
  folderNameTooLong: `A folder name has at most ${vaultFolderNameMax} characters`,
  folderNameTaken: 'You already have a folder with that name',
  folderNotFound: 'Folder not found',
  itemNotFound: 'This item is not in your vault',
  onlyCreators: 'The vault is for creators. Become a creator first',
  /**
   * Deleting an item a post shows, or that was sent in a message, is refused, naming where. Posts
   * can give it up; messages cannot (fans keep what they were sent).
   */
  inUse: (places: string[], more: number, sentInMessages = false) => {
    const total = places.length + more;
    const named = `${places.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
    if (sentInMessages)
      return `This is used in ${total === 1 ? 'one place' : `${total} places`}: ${named}. Fans keep what they were sent in messages, so it stays in your vault.`;
    return `This is used in ${total === 1 ? 'a post' : `${total} posts`}: ${named}. Remove it from ${total === 1 ? 'that post' : 'those posts'} first, or delete ${total === 1 ? 'the post' : 'them'}.`;
  },
} as const;

const folderName = z
  .string({ error: vaultMessages.folderNameRequired })
  .trim()
  .min(1, vaultMessages.folderNameRequired)
  .max(vaultFolderNameMax, vaultMessages.folderNameTooLong);

export const vaultFolderInputSchema = z.object({ name: folderName });
export type VaultFolderInput = z.infer<typeof vaultFolderInputSchema>;

export const vaultFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
});
export type VaultFolder = z.infer<typeof vaultFolderSchema>;
export const vaultFolderListSchema = z.object({ items: z.array(vaultFolderSchema) });

/** PUT /api/vault/items/:id/folder: into a folder, or out of any (null). */
export const moveVaultItemSchema = z.object({ folderId: z.uuid().nullable() });

/** GET /api/vault: filtered by kind, upload date (YYYY-MM-DD, inclusive) and folder ('none': unfiled). */
export const vaultQuerySchema = z.object({
  kind: z.enum(['image', 'video']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  folder: z.union([z.uuid(), z.literal('none')]).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type VaultQuery = z.input<typeof vaultQuerySchema>;

/** Where a vault item is used: a post that shows it, or a message or mass message that carried it. */
export const vaultUseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('post'),
    postId: z.string(),
    description: z.string(),
    status: z.enum(postStatuses),
  }),
  z.object({
    kind: z.literal('message'),
    messageId: z.string(),
    conversationId: z.string(),
    /** The fan's name. */
    to: z.string(),
    paid: z.boolean(),
  }),
  z.object({
    kind: z.literal('massMessage'),
    massMessageId: z.string(),
    audience: z.enum(massMessageAudiences),
    /** The list's name, for a list. */
    audienceName: z.string().nullable(),
    paid: z.boolean(),
  }),
]);
export type VaultUse = z.infer<typeof vaultUseSchema>;

/** A use in words, as the vault and a refused delete name it. */
export function describeVaultUse(use: VaultUse): string {
  if (use.kind === 'post') {
    const text = use.description.trim().replace(/\s+/g, ' ');
    return `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
  }
  const what = use.paid ? 'a paid' : 'a';
  if (use.kind === 'message') return `${what} message to ${use.to}`;
  const audience =
    use.audience === 'list'
      ? `the list "${use.audienceName ?? 'a list'}"`
      : massMessageAudienceNames[use.audience].toLowerCase();
  return `${what} mass message to ${audience}`;
}

export const vaultItemSchema = z.object({
  media: mediaSchema,
  folderId: z.string().nullable(),
  /** The posts, and the newest few messages and mass messages, that use it. */
  usedIn: z.array(vaultUseSchema),
  /** How many uses in all (more than `usedIn` holds when it was sent in many messages). */
  usedInCount: z.number().int(),
  uploadedAt: z.string(),
});
export type VaultItem = z.infer<typeof vaultItemSchema>;
export const vaultPageSchema = z.object({
  items: z.array(vaultItemSchema),
  nextCursor: z.string().nullable(),
});
export type VaultPage = z.infer<typeof vaultPageSchema>;
