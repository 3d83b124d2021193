import type { BlockListEntry, RefusedUpload } from '../../../common/schemas/block-list.ts';
import type { BlockListEntryRow, RefusedUploadRow } from '../../repositories/media/block-list.repository.ts';

/**
 * A block list entry for the admins (only admin routes answer with it): the emails of whose media
 * was removed and of the admin, so they can follow up; the hashes, so they can share them.
 */
export function presentBlockListEntry(row: BlockListEntryRow): BlockListEntry {
  return {
    id: row.entry.id,
    source: row.entry.source,
    note: row.entry.note,
    mediaId: row.entry.mediaId,
    ownerEmail: row.ownerEmail,
    createdByEmail: row.createdByEmail,
    hashes: row.hashes,
    refusals: row.refusals,
    createdAt: row.entry.createdAt.toISOString(),
  };
}

export function presentRefusedUpload(row: RefusedUploadRow): RefusedUpload {
  return {
    id: row.refusal.id,
    userEmail: row.userEmail,
    mediaId: row.refusal.mediaId,
    entryId: row.refusal.entryId,
    source: row.source,
    note: row.note,
    kind: row.refusal.kind,
    distance: row.refusal.distance,
    createdAt: row.refusal.createdAt.toISOString(),
  };
}
