import type { VaultFolder, VaultItem } from '../../../common/schemas/vault.ts';
import type { VaultFolderRecord, VaultRow, VaultUses } from '../../repositories/vault/vault.repository.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import { presentMedia } from '../media/media.ts';

/** A vault item for its owner: the media in full, its folder, and where posts and messages use it. */
export async function presentVaultItem(
  row: VaultRow,
  uses: VaultUses,
  links: MediaLinks,
): Promise<VaultItem> {
  return {
    media: await presentMedia(row.media, { entitled: true, links }),
    folderId: row.folderId,
    usedIn: uses.listed,
    usedInCount: uses.total,
    uploadedAt: row.media.createdAt.toISOString(),
  };
}

export function presentVaultFolder(folder: VaultFolderRecord & { itemCount: number }): VaultFolder {
  return { id: folder.id, name: folder.name, itemCount: folder.itemCount };
}
