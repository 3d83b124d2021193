import { z } from 'zod';
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
  /** Deleting an item a post shows is refused, naming the posts. */
  inUse: (places: string[], more: number) =>
    `This is used in ${places.length + more === 1 ? 'a post' : `${places.length + more} posts`}: ${places.join(', ')}${more > 0 ? ` and ${more} more` : ''}. Remove it from ${places.length + more === 1 ? 'that post' : 'those posts'} first, or delete ${places.length + more === 1 ? 'the post' : 'them'}.`,
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

/** A post that shows a vault item. */
export const vaultUseSchema = z.object({
  postId: z.string(),
  description: z.string(),
  status: z.enum(postStatuses),
});

export const vaultItemSchema = z.object({
  media: mediaSchema,
  folderId: z.string().nullable(),
  usedIn: z.array(vaultUseSchema),
  uploadedAt: z.string(),
});
export type VaultItem = z.infer<typeof vaultItemSchema>;
export const vaultPageSchema = z.object({
  items: z.array(vaultItemSchema),
  nextCursor: z.string().nullable(),
});
export type VaultPage = z.infer<typeof vaultPageSchema>;
