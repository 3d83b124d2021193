import type { Storage } from '../../adapters/storage/storage.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import type { Clock } from '../../lib/clock.ts';
import { extensionOf } from './store-files.ts';
import type { UrlSigner } from './url-signing.ts';

/** `/api/media/<id>/<variant>`: the one path every rendition is served under. */
export const variantPath = (mediaId: string, variant: string) => `/api/media/${mediaId}/${variant}`;

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
  return {
    /** Anyone, cached for a year (the content behind a variant path never changes). */
    publicUrl: (mediaId: string, variant: string) => variantPath(mediaId, variant),

    /** Checked against the requester on every request (identity documents). */
    guardedUrl: (mediaId: string, variant: string) => variantPath(mediaId, variant),

    /** A short-lived link: S3's own presigned URL when media is in S3, else signed by the app. */
    async signedUrl(mediaId: string, variant: string, file: MediaVariant): Promise<string> {
      const presigned = await deps.storage.presignedUrl(file.key, {
        expiresInSeconds: deps.ttlSeconds,
        contentType: file.mime,
        contentDisposition: contentDisposition(mediaId, variant, file.mime),
        now: deps.clock.now(),
      });
      if (presigned) return presigned;
      const path = variantPath(mediaId, variant);
      const { expires, signature } = deps.signer.sign(path);
      return `${path}?expires=${expires}&sig=${signature}`;
    },

    expiresAt: () => new Date(deps.clock.now().getTime() + deps.ttlSeconds * 1000),
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
