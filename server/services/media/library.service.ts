import type { Readable } from 'node:stream';
import { type MediaView, mediaMessages } from '../../../common/schemas/media.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseRange } from '../../lib/http-range.ts';
import { ownValue } from '../../lib/own.ts';
import {
  canDeleteMedia,
  canFetchIdentityDocument,
  isPublicVariant,
  type MediaViewer,
  mediaAccess,
} from '../../policies/media.ts';
import { presentMedia } from '../../presenters/media.ts';
import type { MediaRepository } from '../../repositories/media.repository.ts';
import { contentDisposition, type MediaLinks, variantPath } from './links.ts';
import type { UrlSigner } from './url-signing.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VARIANT = /^[a-z0-9-]{1,32}$/;
/** `/api/media/<id>[/...]`, or an S3 link's `[/<bucket>]/media/<id>/<variant>.<ext>`. */
const MEDIA_PATH = /^(?:\/api|\/[a-z0-9][a-z0-9.-]{1,62})?\/media\/([0-9a-f-]{36})(?:\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface Delivery {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/** Reading, deleting and serving media that already exists. */
export function createMediaLibrary(deps: {
  media: MediaRepository;
  storage: Storage;
  links: MediaLinks;
  signer: UrlSigner;
  clock: Clock;
}) {
  const find = (id: string) => (UUID.test(id) ? deps.media.findById(id) : Promise.resolve(null));

  return {
    /** The media object as this viewer may see it; 404 when it may not see it at all. */
    async view(viewer: MediaViewer | null, id: string): Promise<MediaView> {
      const row = await find(id);
      const access = row ? mediaAccess(viewer, row) : 'none';
      if (!row || access === 'none') throw notFound(mediaMessages.notFound);
      return presentMedia(row, { entitled: access === 'full', links: deps.links });
    },

    /** By one of its URLs (the spec's call); another user's media is reported as missing. */
    async deleteByUrl(user: MediaViewer, url: string): Promise<void> {
      let pathname: string;
      try {
        pathname = new URL(url, 'http://localhost').pathname;
      } catch {
        throw notFound(mediaMessages.notFound);
      }
      const id = MEDIA_PATH.exec(pathname)?.[1];
      const row = id ? await find(id) : null;
      if (!row || !canDeleteMedia(user, row)) throw notFound(mediaMessages.notFound);
      await deps.media.delete(row.id);
      await deps.storage.deletePrefix(`${row.id}/`);
    },

    /** The row and every stored rendition, for a post being deleted (its policy already checked). */
    async remove(id: string): Promise<void> {
      const row = await deps.media.delete(id);
      if (row) await deps.storage.deletePrefix(`${row.id}/`);
    },

    /**
     * One rendition's bytes. Public ones are cached for a year; private ones need a valid
     * signature on every request (403 when tampered or expired); identity documents need an admin.
     */
    async open(
      viewer: MediaViewer | null,
      request: {
        id: string;
        variant: string;
        expires?: string;
        sig?: string;
        range?: string;
        ifNoneMatch?: string;
      },
    ): Promise<Delivery> {
      const row = VARIANT.test(request.variant) ? await find(request.id) : null;
      const file = row?.status === 'ready' ? ownValue(row.variants, request.variant) : undefined;
      if (!row || !file) throw notFound(mediaMessages.notFound);

      const identity = row.kind === 'identity_document';
      let cacheControl: string;
      if (identity) {
        if (!canFetchIdentityDocument(viewer)) throw notFound(mediaMessages.notFound);
        cacheControl = 'private, no-store';
      } else if (isPublicVariant(row, request.variant)) {
        cacheControl = IMMUTABLE;
      } else {
        const path = variantPath(row.id, request.variant);
        if (!deps.signer.verify(path, request.expires, request.sig))
          throw forbidden(mediaMessages.linkInvalid);
        const remaining = Number(request.expires) - Math.floor(deps.clock.now().getTime() / 1000);
        cacheControl = `private, max-age=${Math.max(0, remaining)}`;
      }

      const etag = `"${row.id}-${request.variant}"`;
      const headers: Record<string, string> = {
        'content-type': file.mime,
        'content-disposition': contentDisposition(row.id, request.variant, file.mime, identity),
        'x-content-type-options': 'nosniff',
        'cache-control': cacheControl,
        'accept-ranges': 'bytes',
        etag,
      };
      if (request.ifNoneMatch === etag) return { status: 304, headers, body: null };

      const range = parseRange(request.range, file.size);
      if (range === 'unsatisfiable') {
        return { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` }, body: null };
      }
      const body = await deps.storage.get(file.key, range ?? undefined);
      if (!range) return { status: 200, headers: { ...headers, 'content-length': String(file.size) }, body };
      return {
        status: 206,
        headers: {
          ...headers,
          'content-length': String(range.end - range.start + 1),
          'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
        },
        body,
      };
    },
  };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
