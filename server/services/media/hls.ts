/**
 * HLS renditions in storage: `<id>/hls/master.m3u8`, and per rung `<id>/hls/<rung>/index.m3u8`,
 * its init segment and media segments. Variants name only the playlists (`hls`, `hls-<rung>`);
 * the stored playlists name files relatively, and every URI in them is replaced by a link of its
 * own (signed for private media) each time a playlist is served.
 */
export const HLS_MIME = 'application/vnd.apple.mpegurl';

export const hlsKey = (mediaId: string, relative: string) => `${mediaId}/hls/${relative}`;

/** `hls-360p`: the variant of one rung's playlist. */
export const hlsVariant = (rung: string) => `hls-${rung}`;

const RUNG_VARIANT = /^hls-(\d{2,4}p)$/;

/** The rung a `hls-<rung>` variant names, or null. */
export function rungOf(variant: string): string | null {
  return RUNG_VARIANT.exec(variant)?.[1] ?? null;
}

/** The only file names a rung's folder holds besides its playlist (ffmpeg's hls muxer names them). */
export const SEGMENT_NAME = /^(?:init(?:_\d{1,2})?\.mp4|seg-\d{5,6}\.m4s)$/;

export const segmentMime = (name: string) => (name.endsWith('.mp4') ? 'video/mp4' : 'video/iso.segment');

const MASTER_ENTRY = /^(\d{2,4}p)\/index\.m3u8$/;

/**
 * Replaces every URI of a playlist (lines that are not tags, and `URI="..."` attributes) with
 * `link(uri)`. A URI that `link` does not know makes it throw: stored playlists are ours.
 */
export async function rewritePlaylist(text: string, link: (uri: string) => Promise<string>): Promise<string> {
  const lines = text.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '') out.push(line);
    else if (!trimmed.startsWith('#')) out.push(await link(trimmed));
    else {
      const match = /URI="([^"]*)"/.exec(trimmed);
      out.push(match ? trimmed.replace(match[0], `URI="${await link(match[1] as string)}"`) : trimmed);
    }
  }
  return out.join('\n');
}

/** The master playlist names `<rung>/index.m3u8`: the variant `hls-<rung>`. */
export function masterEntryVariant(uri: string): string {
  const rung = MASTER_ENTRY.exec(uri)?.[1];
  if (!rung) throw new Error(`unexpected entry in a master playlist: ${JSON.stringify(uri)}`);
  return hlsVariant(rung);
}

/** A rung's playlist names its segments by file name alone. */
export function assertSegmentName(uri: string): string {
  if (!SEGMENT_NAME.test(uri)) throw new Error(`unexpected segment in a playlist: ${JSON.stringify(uri)}`);
  return uri;
}
