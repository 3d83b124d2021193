import type { MediaUrls, MediaView } from '../../../common/schemas/media.ts';
import { ownValue } from '../../lib/own.ts';
import { placeholderDataUrl } from '../../lib/placeholder.ts';
import { isPublicVariant } from '../../policies/actions/media.ts';
import type { MediaRecord } from '../../repositories/media/media.repository.ts';
import type { MediaFacts } from '../../services/media/library.service.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import { RESPONSIVE_VARIANT } from '../../services/media/renditions.ts';

export interface PresentMediaOptions {
  /** From `mediaAccess(...) === 'full'`: may this viewer have the full renditions? */
  entitled: boolean;
  links: MediaLinks;
  /** Whom the links are for (their photos may carry a mark naming them); null for a visitor. */
  viewerId?: string | null;
}

/** `presentMedia` of the facts a media service answered. */
export const presentMediaFacts = (
  facts: MediaFacts,
  links: MediaLinks,
  viewerId: string | null = null,
): Promise<MediaView> => presentMedia(facts.media, { entitled: facts.entitled, links, viewerId });

/**
 * The only way a media row leaves the server. A viewer who is not entitled gets the blurred
 * preview and the thumbhash, never a URL of an original or a full rendition; storage keys never leave.
 */
export async function presentMedia(media: MediaRecord, options: PresentMediaOptions): Promise<MediaView> {
  const { entitled, links } = options;
  let signed = false;
  const urlOf = async (variant: string): Promise<string | null> => {
    const file = ownValue(media.variants, variant);
    if (!file) return null;
    if (media.kind === 'identity_document') return links.guardedUrl(media.id, variant);
    if (isPublicVariant(media, variant)) return links.publicUrl(media.id, variant);
    signed = true;
    // A creator's photos go through the app, which draws their mark (server/services/media/marks.ts).
    const throughApp = media.kind === 'image' && media.purpose === 'post';
    return links.signedUrl(media.id, variant, file, { throughApp, viewerId: options.viewerId ?? null });
  };

  /** The master playlist is always served by the app: it is rewritten with a link per rendition. */
  const playlistUrl = async (): Promise<string | null> => {
    if (!media.variants.hls || media.kind !== 'video') return null;
    if (isPublicVariant(media, 'hls')) return links.publicUrl(media.id, 'hls');
    signed = true;
    // A video made in variants A and B names its viewer: their playlists pick the segments.
    return links.appSignedUrl(media.id, 'hls', media.traceRecordings ? (options.viewerId ?? null) : null);
  };

  const urls: MediaUrls = {
    preview: null,
    sources: [],
    poster: null,
    video: null,
    hls: null,
    document: null,
  };
  let url: string | null = null;
  if (media.status === 'ready') {
    urls.preview = await urlOf('preview');
    if (entitled) {
      const renditions = Object.entries(media.variants)
        .filter(([name]) => RESPONSIVE_VARIANT.test(name) || name === 'jpeg')
        .sort(([, a], [, b]) => (a.width ?? 0) - (b.width ?? 0) || a.mime.localeCompare(b.mime));
      for (const [name, file] of renditions) {
        const link = await urlOf(name);
        if (link)
          urls.sources.push({ width: file.width ?? 0, height: file.height ?? 0, type: file.mime, url: link });
      }
      urls.poster = await urlOf('poster');
      urls.video = await urlOf('video');
      urls.hls = await playlistUrl();
      urls.document = await urlOf('document');
      const display =
        urls.sources.filter((source) => source.type === 'image/webp' && source.width <= 1280).at(-1) ??
        urls.sources.find((source) => source.type === 'image/webp');
      url = urls.hls ?? urls.video ?? urls.document ?? display?.url ?? null;
    } else {
      url = urls.preview;
    }
  }

  return {
    id: media.id,
    kind: media.kind,
    purpose: media.purpose,
    status: media.status,
    failureReason: media.failureReason,
    width: media.width,
    height: media.height,
    duration: media.durationSeconds,
    thumbhash: media.thumbhash,
    placeholder: placeholderDataUrl(media.thumbhash),
    locked: !entitled,
    url,
    urls,
    urlsExpireAt: signed ? links.expiresAt().toISOString() : null,
  };
}
