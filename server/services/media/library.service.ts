import { Readable } from 'node:stream';
import { type MediaView, mediaMessages } from '../../../common/schemas/media.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseRange } from '../../lib/http-range.ts';
import { ownValue } from '../../lib/own.ts';
import { viewerCountry } from '../../lib/viewer-region.ts';
import { actorOf, assertCan, can } from '../../policies/access.ts';
import { isPublicVariant, type MediaViewer } from '../../policies/actions/media.ts';
import type { MediaRecord, MediaRepository } from '../../repositories/media/media.repository.ts';
import {
  assertSegmentName,
  HLS_MIME,
  hlsKey,
  hlsVariantB,
  isVariantB,
  masterEntryVariant,
  rewritePlaylist,
  rungFolder,
  rungOf,
  SEGMENT_NAME,
  segmentMime,
  viewerPlaylist,
} from './hls.ts';
import { contentDisposition, type MediaLinks, segmentPath, variantPath, viewerPath } from './links.ts';
import type { Marks } from './marks.ts';
import type { UrlSigner } from './url-signing.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VARIANT = /^[a-z0-9-]{1,32}$/;
/** `/api/media/<id>[/...]`, or an S3 link's `[/<bucket>]/media/<id>/<variant>.<ext>`. */
const MEDIA_PATH = /^(?:\/api|\/[a-z0-9][a-z0-9.-]{1,62})?\/media\/([0-9a-f-]{36})(?:\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What a request for bytes brings along besides the rendition's name. */
export interface DeliveryRequest {
  id: string;
  expires?: string;
  sig?: string;
  /** Whom an app-signed link was made for (under its signature): the marks may name them. */
  for?: string;
  range?: string;
  ifNoneMatch?: string;
}

/**
 * A media row and whether its viewer may have the full renditions (`media:full`): what the media
 * services answer; the endpoints present it (server/presenters/media/media.ts).
 */
export interface MediaFacts {
  media: MediaRecord;
  entitled: boolean;
}

/** A media object as a viewer sees it, presented (built in server/modules/media.ts). */
export type ViewMedia = (viewer: MediaViewer | null, id: string) => Promise<MediaView>;

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
  /** The visible mark on a creator's photos, drawn at delivery. */
  marks?: Marks;
  /**
   * For a video made in variants A and B: which variant each segment of this viewer's playlist
   * comes from (server/services/media/recording-marks.ts, through leak-trace.service.ts).
   */
  recordingBits?: (mediaId: string, viewerId: string, count: number) => Promise<Uint8Array>;
}) {
  const find = (id: string) => (UUID.test(id) ? deps.media.findById(id) : Promise.resolve(null));

  /**
   * A creator's media obeys their blocked countries, direct links included (owners and admins
   * exempt). Their countries are read only when they could matter: a known country, and an actor
   * the rule would refuse were that country blocked.
   */
  async function assertShownInRegion(viewer: MediaViewer | null, row: MediaRecord): Promise<void> {
    const actor = actorOf(viewer);
    const country = viewerCountry();
    if (country === null || can(actor, 'media:region', { media: row, ownerBlockedCountries: [country] }))
      return;
    assertCan(actor, 'media:region', {
      media: row,
      ownerBlockedCountries: await deps.media.ownerBlockedCountries(row.ownerId),
    });
  }

  const library = {
    /** The media object and what this viewer may see of it; 404 when it may not see it at all. */
    async view(viewer: MediaViewer | null, id: string): Promise<MediaFacts> {
      const row = await find(id);
      if (!row) throw notFound(mediaMessages.notFound);
      const actor = actorOf(viewer);
      assertCan(actor, 'media:view', { media: row });
      await assertShownInRegion(viewer, row);
      return { media: row, entitled: can(actor, 'media:full', { media: row }) };
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
      assertCan(actorOf(user), 'media:delete', { media: row });
      if (!row) throw notFound(mediaMessages.notFound); // refused above; this narrows the type
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
     * An HLS playlist (`hls`, `hls-<rung>`) is sent with a fresh link in place of every URI in it.
     */
    async open(
      viewer: MediaViewer | null,
      request: DeliveryRequest & { variant: string },
    ): Promise<Delivery> {
      // A rung's variant B is only ever reached segment by segment, through variant A's playlist.
      const row =
        VARIANT.test(request.variant) && !isVariantB(request.variant) ? await find(request.id) : null;
      const file = row?.status === 'ready' ? ownValue(row.variants, request.variant) : undefined;
      if (!row || !file) throw notFound(mediaMessages.notFound);
      await assertShownInRegion(viewer, row);

      const identity = row.kind === 'identity_document';
      if (identity) assertCan(actorOf(viewer), 'media:identity-document', {});
      const cacheControl = identity
        ? 'private, no-store'
        : allowed(row, request.variant, variantPath(row.id, request.variant), request);
      // Every photo a viewer opens leaves through the marks: the stored rendition or its marked copy.
      const viewerId = identity ? null : (signedFor(row, request.variant, request) ?? viewer?.id ?? null);
      if (file.mime === HLS_MIME) return playlist(row, request.variant, file, cacheControl, viewerId);
      const { file: served, tag } = deps.marks
        ? await deps.marks.markedOriginal(row, request.variant, file, viewerId)
        : { file, tag: null };
      return deliver(served.key, served.size, served.mime, {
        etag: tag ? `"${row.id}-${request.variant}-${tag}"` : `"${row.id}-${request.variant}"`,
        cacheControl,
        disposition: contentDisposition(row.id, request.variant, file.mime, identity),
        request,
      });
    },

    /** One segment of an HLS rendition, under the same rule as the rendition's playlist. */
    async openSegment(
      viewer: MediaViewer | null,
      request: DeliveryRequest & { variant: string; file: string },
    ): Promise<Delivery> {
      const folder = rungFolder(request.variant);
      const row = folder && SEGMENT_NAME.test(request.file) ? await find(request.id) : null;
      if (row?.status !== 'ready' || !ownValue(row.variants, request.variant) || row.kind !== 'video')
        throw notFound(mediaMessages.notFound);
      await assertShownInRegion(viewer, row);
      const cacheControl = allowed(
        row,
        request.variant,
        segmentPath(row.id, request.variant, request.file),
        request,
      );
      const key = hlsKey(row.id, `${folder}/${request.file}`);
      const stored = await deps.storage.stat(key);
      if (!stored) throw notFound(mediaMessages.notFound);
      const mime = segmentMime(request.file);
      const name = `${request.variant}-${request.file.replace(/\.[a-z0-9]+$/, '')}`;
      return deliver(key, stored.size, mime, {
        etag: `"${row.id}-${name}"`,
        cacheControl,
        disposition: contentDisposition(row.id, name, mime),
        request,
      });
    },
  };

  /**
   * The Cache-Control of a rendition this request may have: public ones for a year; private ones
   * only with a valid signature of `path` (403 otherwise), for as long as the signature lasts.
   */
  function allowed(
    row: MediaRecord,
    variant: string,
    path: string,
    request: { expires?: string; sig?: string; for?: string },
  ): string {
    if (isPublicVariant(row, variant)) return IMMUTABLE;
    const signed = request.for ? viewerPath(path, request.for) : path;
    if (!deps.signer.verify(signed, request.expires, request.sig)) throw forbidden(mediaMessages.linkInvalid);
    const remaining = Number(request.expires) - Math.floor(deps.clock.now().getTime() / 1000);
    return `private, max-age=${Math.max(0, remaining)}`;
  }

  /** The viewer a signed link names (checked with its signature in `allowed`); null on public renditions. */
  function signedFor(row: MediaRecord, variant: string, request: { for?: string }): string | null {
    if (isPublicVariant(row, variant) || !request.for || !UUID.test(request.for)) return null;
    return request.for;
  }

  async function textOf(key: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /**
   * A playlist with a link of its own in place of every URI: signed unless the media is public.
   * A rung made in variants A and B, sent to anyone but its owner, takes each segment from the
   * variant this viewer's delivery code names (`recordingBits`).
   */
  async function playlist(
    row: MediaRecord,
    variant: string,
    file: MediaVariant,
    cacheControl: string,
    viewerId: string | null,
  ): Promise<Delivery> {
    const open = isPublicVariant(row, variant);
    const rung = rungOf(variant);
    const segmentLink = (from: string, name: string) =>
      open
        ? deps.links.publicSegmentUrl(row.id, from, name)
        : deps.links.segmentUrl(
            row.id,
            from,
            name,
            hlsKey(row.id, `${rungFolder(from)}/${name}`),
            segmentMime(name),
          );
    const variantB = rung ? ownValue(row.variants, hlsVariantB(rung)) : undefined;
    const stored = await textOf(file.key);
    const text =
      rung && variantB && !open && viewerId && viewerId !== row.ownerId && deps.recordingBits
        ? await viewerPlaylist(stored, await textOf(variantB.key), async (count) =>
            (deps.recordingBits as NonNullable<typeof deps.recordingBits>)(row.id, viewerId, count),
          ).then((picked) =>
            rewritePlaylist(picked, async (uri) => {
              const [from, name] = uri.split('/') as [string, string];
              return segmentLink(from === 'b' ? hlsVariantB(rung) : variant, assertSegmentName(name));
            }),
          )
        : await rewritePlaylist(stored, async (uri) => {
            if (!rung) {
              const entry = masterEntryVariant(uri);
              if (!row.variants[entry])
                throw new Error(`master playlist names a missing rendition: ${entry}`);
              return open
                ? deps.links.publicUrl(row.id, entry)
                : deps.links.appSignedUrl(row.id, entry, row.traceRecordings ? viewerId : null);
            }
            return segmentLink(variant, assertSegmentName(uri));
          });
    const body = Buffer.from(text);
    return {
      status: 200,
      headers: {
        'content-type': HLS_MIME,
        'content-disposition': contentDisposition(row.id, variant, HLS_MIME),
        'x-content-type-options': 'nosniff',
        // Signed links inside: a cached copy would hand out links past their time.
        'cache-control': open ? cacheControl : 'private, no-store',
        'content-length': String(body.length),
      },
      body: Readable.from([body]),
    };
  }

  /** Bytes of one stored object, whole, one range (206) or none (304, 416). */
  async function deliver(
    key: string,
    size: number,
    mime: string,
    options: { etag: string; cacheControl: string; disposition: string; request: DeliveryRequest },
  ): Promise<Delivery> {
    const headers: Record<string, string> = {
      'content-type': mime,
      'content-disposition': options.disposition,
      'x-content-type-options': 'nosniff',
      'cache-control': options.cacheControl,
      'accept-ranges': 'bytes',
      etag: options.etag,
    };
    if (options.request.ifNoneMatch === options.etag) return { status: 304, headers, body: null };

    const range = parseRange(options.request.range, size);
    if (range === 'unsatisfiable') {
      return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` }, body: null };
    }
    const body = await deps.storage.get(key, range ?? undefined);
    if (!range) return { status: 200, headers: { ...headers, 'content-length': String(size) }, body };
    return {
      status: 206,
      headers: {
        ...headers,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
      },
      body,
    };
  }
  return library;
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
