import type { TraceResult } from '../../../common/schemas/leaks.ts';
import { formatFullDay } from '../../lib/dates.ts';
import { handleOrName } from '../../lib/names.ts';
import type { LeakTraceOutcome } from '../../services/media/leak-trace.service.ts';
import type { MediaLinks } from '../../services/media/links.ts';

/** The smallest rendition of the traced photo (a video's poster), for its owner or an admin to recognise it. */
function thumbnailOf(media: Extract<LeakTraceOutcome, { media: unknown }>['media'], links: MediaLinks) {
  if (media.kind === 'video') return media.variants.poster ? links.appSignedUrl(media.id, 'poster') : null;
  const smallest = Object.keys(media.variants)
    .filter((name) => /^w\d+$/.test(name))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))[0];
  return smallest ? links.appSignedUrl(media.id, smallest) : null;
}

/** A trace's answer in the reader's words; a viewer is named, never their email. */
export function presentTrace(result: LeakTraceOutcome, links: MediaLinks): TraceResult {
  if (result.outcome === 'not_found')
    return {
      outcome: 'not_found',
      message: 'This does not look like any of your photos, or of your videos made with recording marks.',
      media: null,
      delivery: null,
    };
  const media = { id: result.media.id, thumbnailUrl: thumbnailOf(result.media, links) };
  if (result.outcome === 'no_mark')
    return {
      outcome: 'no_mark',
      message:
        result.media.kind === 'video'
          ? 'This is one of your videos, but no viewer could be named: a recording must show at least a minute of it, and it may come from you or be changed too much to read.'
          : 'This is one of your photos, but no mark was found: it may have been saved before marks existed, by you, or changed too much to read.',
      media,
      delivery: null,
    };
  const viewer = result.viewer;
  const name = viewer ? handleOrName(viewer, 'A fan without a name') : 'A deleted account';
  return {
    outcome: 'found',
    message: `This ${result.media.kind === 'video' ? 'recording was made from the copy' : 'copy was'} delivered to ${name} on ${formatFullDay(result.delivery.createdAt)}.`,
    media,
    delivery: {
      id: result.delivery.id,
      deliveredAt: result.delivery.createdAt.toISOString(),
      viewer: {
        id: viewer?.id ?? result.delivery.viewerId,
        name,
        handle: viewer?.handle ?? null,
        suspended: viewer?.suspended ?? false,
      },
      confidence: Math.round(result.confidence * 10) / 10,
    },
  };
}
