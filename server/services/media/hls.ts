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

/**
 * `hlsb-360p`: the same rung's variant B (recording marks, server/services/media/recording-marks.ts),
 * stored in `<rung>-b/`. Its playlist is never served; its segments are, through variant A's.
 */
export const hlsVariantB = (rung: string) => `hlsb-${rung}`;

const RUNG_VARIANT = /^hls(b?)-(\d{2,4}p)$/;

/** The rung a `hls-<rung>` or `hlsb-<rung>` variant names, or null. */
export function rungOf(variant: string): string | null {
  return RUNG_VARIANT.exec(variant)?.[2] ?? null;
}

/** Whether a variant is a rung's variant B (`hlsb-<rung>`). */
export const isVariantB = (variant: string) => RUNG_VARIANT.exec(variant)?.[1] === 'b';

/** The folder of a rung's variant B: `720p-b` beside `720p`. */
export const variantBFolder = (rung: string) => `${rung}-b`;

/** The folder of a rung variant's files: `720p` for `hls-720p`, `720p-b` for `hlsb-720p`. */
export function rungFolder(variant: string): string | null {
  const rung = rungOf(variant);
  if (!rung) return null;
  return isVariantB(variant) ? variantBFolder(rung) : rung;
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

/**
 * One viewer's playlist of a rung made in variants A and B: variant A's playlist with segment n
 * taken from B where `bits` (its delivery code) says so. URIs come out as `a/<file>` or
 * `b/<file>`. Both variants share A's init segment: processing keeps B only where its init
 * segment is byte for byte A's (server/services/media/video-processing.ts), so any player or
 * downloader reads the mix as one stream.
 */
export async function viewerPlaylist(
  a: string,
  b: string,
  bits: (count: number) => Promise<Uint8Array>,
): Promise<string> {
  const isUri = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');
  const lines = a.split('\n');
  const inB = new Set(
    b
      .split('\n')
      .filter(isUri)
      .map((line) => line.trim()),
  );
  const code = await bits(lines.filter(isUri).length);
  let index = 0;
  return lines
    .map((line) => {
      const trimmed = line.trim();
      const map = /URI="([^"]+)"/.exec(trimmed);
      if (map) return trimmed.replace(map[0], `URI="a/${map[1]}"`);
      if (!isUri(trimmed)) return trimmed;
      const from = code[index] === 1 && inB.has(trimmed) ? 'b' : 'a';
      index += 1;
      return `${from}/${trimmed}`;
    })
    .join('\n');
}
