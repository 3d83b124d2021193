import type { Storage } from '../../adapters/storage/storage.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import type { Clock } from '../../lib/clock.ts';
import { extensionOf } from './store-files.ts';
import type { UrlSigner } from './url-signing.ts';

/** `/api/media/<id>/<variant>`: the one path every rendition is served under. */
export const variantPath = (mediaId: string, variant: string) => `/api/media/${mediaId}/${variant}`;

/** `/api/media/<id>/hls-<rung>/<file>`: one segment of an HLS rendition. */
export const segmentPath = (mediaId: string, variant: string, file: string) =>
  `/api/media/${mediaId}/${variant}/${file}`;

/** What an app-signed link for one viewer signs: the path and the viewer's id. */
export const viewerPath = (path: string, viewerId: string) => `${path}?for=${viewerId}`;

/** A file name we make up (the client's is never kept): `<id>-<variant>.<ext>`. */
export function downloadName(mediaId: string, variant: string, mime: string): string {
  return `${mediaId}-${variant}.${extensionOf(mime)}`;
}

export function contentDisposition(
  mediaId: string,
  variant: string,
  mime: string,
  attachment = false,
): string {
  return `${attachment ? 'attachment' : 'inline'}; filename="${downloadName(mediaId, variant, mime)}"`;
}

/**
 * Builds the URLs a media object is reached by; which one a viewer gets is the presenter's call.
 * Links to this server are relative to the site (`/api/media/...`), so media loads at whatever
 * address the app is opened by, not only at PUBLIC_URL; S3 presigned links are absolute to S3.
 */
export function createMediaLinks(deps: {
  signer: UrlSigner;
  storage: Storage;
  clock: Clock;
  ttlSeconds: number;
}) {
  /** `viewerId`: the link names whom it was made for (`for`, under the signature), for the marks. */
  const appSigned = (path: string, viewerId?: string | null) => {
    if (viewerId) {
      const { expires, signature } = deps.signer.sign(viewerPath(path, viewerId));
      return `${path}?for=${viewerId}&expires=${expires}&sig=${signature}`;
    }
    const { expires, signature } = deps.signer.sign(path);
    return `${path}?expires=${expires}&sig=${signature}`;
  };
  return {
    /** Anyone, cached for a year (the content behind a variant path never changes). */
    publicUrl: (mediaId: string, variant: string) => variantPath(mediaId, variant),

    /** Checked against the requester on every request (identity documents). */
    guardedUrl: (mediaId: string, variant: string) => variantPath(mediaId, variant),

    /**
     * A short-lived link: S3's own presigned URL when media is in S3, else signed by the app.
     * `throughApp` (a creator's photos, which may carry a mark drawn at delivery): always signed by
     * the app, naming the viewer it was made for.
     */
    async signedUrl(
      mediaId: string,
      variant: string,
      file: MediaVariant,
      options: { throughApp?: boolean; viewerId?: string | null } = {},
    ): Promise<string> {
      if (options.throughApp) return appSigned(variantPath(mediaId, variant), options.viewerId);
      const presigned = await deps.storage.presignedUrl(file.key, {
        expiresInSeconds: deps.ttlSeconds,
        contentType: file.mime,
        contentDisposition: contentDisposition(mediaId, variant, file.mime),
        now: deps.clock.now(),
      });
      if (presigned) return presigned;
      return appSigned(variantPath(mediaId, variant));
    },

    /**
     * Signed by the app whatever the driver: playlists are rewritten on every request (their
     * segments get links of their own), so the bucket cannot serve them. `viewerId`: whom the link
     * names (a video's playlists may pick segments for them).
     */
    appSignedUrl: (mediaId: string, variant: string, viewerId?: string | null) =>
      appSigned(variantPath(mediaId, variant), viewerId),

    /** One segment of a rung: S3's presigned URL when media is in S3, else signed by the app. */
    async segmentUrl(
      mediaId: string,
      variant: string,
      file: string,
      key: string,
      mime: string,
    ): Promise<string> {
      const presigned = await deps.storage.presignedUrl(key, {
        expiresInSeconds: deps.ttlSeconds,
        contentType: mime,
        contentDisposition: contentDisposition(
          mediaId,
          `${variant}-${file.replace(/\.[a-z0-9]+$/, '')}`,
          mime,
        ),
        now: deps.clock.now(),
      });
      return presigned ?? appSigned(segmentPath(mediaId, variant, file));
    },

    /** Public media's segments: no signature, cached like every public rendition. */
    publicSegmentUrl: (mediaId: string, variant: string, file: string) => segmentPath(mediaId, variant, file),

    expiresAt: () => new Date(deps.clock.now().getTime() + deps.ttlSeconds * 1000),
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
