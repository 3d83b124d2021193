import {
  describeVaultUse,
  type VaultQuery,
  vaultMessages,
  vaultQuerySchema,
} from '../../../common/schemas/vault.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { actorOf, assertCan, assertPresent } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { MediaRepository } from '../../repositories/media/media.repository.ts';
import type {
  VaultFolderRecord,
  VaultRepository,
  VaultRow,
  VaultUses,
} from '../../repositories/vault/vault.repository.ts';
import type { MediaLibrary } from '../media/library.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 24 * 60 * 60 * 1000;
/** How many places a refusal names before "and N more". */
const NAMED_PLACES = 3;
const NO_USES: VaultUses = { listed: [], total: 0 };

/** A folder with how many items it holds. */
export type VaultFolderFacts = VaultFolderRecord & { itemCount: number };

/** A page of the vault as facts: each item with where it is used; the endpoint presents it. */
export interface VaultItemsPage {
  items: { row: VaultRow; uses: VaultUses }[];
  nextCursor: string | null;
}

/**
 * A creator's vault: every photo and video they uploaded for posts, in folders of their own, with
 * the posts that show each one. Only the owner reaches any of it. Answers facts; the endpoints
 * present them (server/presenters/vault/vault.ts).
 */
export function createVaultService(deps: {
  vault: VaultRepository;
  media: Pick<MediaRepository, 'findById'>;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  library: Pick<MediaLibrary, 'remove'>;
  clock: Clock;
}) {
  async function requireCreator(user: UserRecord) {
    assertCan(actorOf(user), 'vault:use', { isCreator: Boolean(await deps.creators.findByUserId(user.id)) });
  }

  async function ownItem(user: UserRecord, id: string) {
    const row = UUID.test(id) ? await deps.media.findById(id.toLowerCase()) : null;
    assertCan(actorOf(user), 'vault:item', { media: row });
    if (!row) throw notFound(vaultMessages.itemNotFound); // refused above; this narrows the type
    return row;
  }

  async function ownFolder(user: UserRecord, id: string) {
    const folder = UUID.test(id) ? await deps.vault.findFolder(id.toLowerCase()) : null;
    assertCan(actorOf(user), 'vault:folder', { folder });
    assertPresent(folder);
    return folder;
  }

  async function checkNameFree(user: UserRecord, name: string, exceptId?: string) {
    const taken = await deps.vault.folderNamed(user.id, name);
    if (taken && taken.id !== exceptId)
      throw conflict(vaultMessages.folderNameTaken, { name: vaultMessages.folderNameTaken });
  }

  return {
    async list(user: UserRecord, input: VaultQuery): Promise<VaultItemsPage> {
      await requireCreator(user);
      const query = vaultQuerySchema.parse(input);
      const beforeId = decodeCursor(query.cursor, ['id'])?.id;
      const rows = await deps.vault.items({
        ownerId: user.id,
        limit: query.limit + 1,
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}),
        // "to" is a whole day: everything before the next one.
        ...(query.to ? { to: new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY) } : {}),
        ...(query.folder ? { folder: query.folder === 'none' ? 'none' : query.folder.toLowerCase() } : {}),
        ...(beforeId && UUID.test(beforeId) ? { beforeId } : {}),
      });
      const page = keysetPage(rows, query.limit, (last) => ({ id: last.media.id }));
      const uses = await deps.vault.usesOf(page.rows.map((row) => row.media.id));
      return {
        items: page.rows.map((row) => ({ row, uses: uses.get(row.media.id) ?? NO_USES })),
        nextCursor: page.nextCursor,
      };
    },

    folders: async (user: UserRecord): Promise<VaultFolderFacts[]> => {
      await requireCreator(user);
      return deps.vault.folders(user.id);
    },

    async createFolder(user: UserRecord, name: string): Promise<VaultFolderFacts> {
      await requireCreator(user);
      await checkNameFree(user, name);
      const folder = await deps.vault.createFolder(user.id, name, deps.clock.now());
      return { ...folder, itemCount: 0 };
    },

    async renameFolder(user: UserRecord, id: string, name: string): Promise<VaultFolderFacts> {
      const folder = await ownFolder(user, id);
      await checkNameFree(user, name, folder.id);
      await deps.vault.renameFolder(folder.id, name);
      const found = (await deps.vault.folders(user.id)).find((item) => item.id === folder.id);
      if (!found) throw notFound(vaultMessages.folderNotFound);
      return found;
    },

    /** The folder goes; its items stay in the vault, out of any folder. */
    async deleteFolder(user: UserRecord, id: string): Promise<void> {
      const folder = await ownFolder(user, id);
      await deps.vault.deleteFolder(folder.id);
    },

    async move(user: UserRecord, id: string, folderId: string | null): Promise<{ folderId: string | null }> {
      const item = await ownItem(user, id);
      const folder = folderId ? await ownFolder(user, folderId) : null;
      await deps.vault.place(item.id, folder?.id ?? null);
      return { folderId: folder?.id ?? null };
    },

    /** Refused while any post shows it or any message carried it, naming where. */
    async delete(user: UserRecord, id: string): Promise<void> {
      const item = await ownItem(user, id);
      const uses = (await deps.vault.usesOf([item.id])).get(item.id) ?? NO_USES;
      if (uses.total > 0) {
        const named = uses.listed.slice(0, NAMED_PLACES).map(describeVaultUse);
        const sent = uses.listed.some((use) => use.kind !== 'post');
        throw conflict(vaultMessages.inUse(named, uses.total - named.length, sent));
      }
      await deps.library.remove(item.id);
    },
  };
}

export type VaultService = ReturnType<typeof createVaultService>;
