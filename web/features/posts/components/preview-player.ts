/**
 * A card's muted, looping preview of a video's HLS ladder, played through Media Source Extensions
 * without hls.js (about 115 KB gzipped that a first page would otherwise parse before it answers a
 * tap). Our ladder is fragmented MP4 (server/services/media/hls.ts): one init segment and media
 * segments per rung, which a SourceBuffer takes as they are. The preview plays one rung, chosen
 * for the card's size and the connection, from the start for at most PREVIEW_SECONDS, then loops
 * over what it holds. Anything it cannot do (no MSE, a codec the browser refuses, a failed fetch)
 * rejects, and the caller plays the video with hls.js instead.
 */

/** How much of the video a card's preview plays before it loops. */
export const PREVIEW_SECONDS = 30;
/** How far ahead of the playhead the preview keeps its buffer filled. */
const AHEAD_SECONDS = 8;

export interface Rung {
  bandwidth: number;
  height: number;
  codecs: string;
  url: string;
}

export interface MediaPlaylist {
  init: string;
  segments: { url: string; duration: number }[];
}

const attribute = (line: string, name: string): string | undefined =>
  new RegExp(`(?:^|[:,])${name}=("[^"]*"|[^,]*)`).exec(line)?.[1]?.replace(/^"|"$/g, '');

/** The rungs a master playlist lists, with their absolute URLs; only those that name their codecs. */
export function parseMaster(text: string, base: string): Rung[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const rungs: Rung[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    const codecs = attribute(line, 'CODECS');
    const bandwidth = Number(attribute(line, 'BANDWIDTH'));
    const height = Number(attribute(line, 'RESOLUTION')?.split('x')[1]);
    if (!uri || !codecs || !Number.isFinite(bandwidth)) return;
    rungs.push({
      bandwidth,
      height: Number.isFinite(height) ? height : 0,
      codecs,
      url: new URL(uri, base).href,
    });
  });
  return rungs.sort((a, b) => a.bandwidth - b.bandwidth);
}

/** A rung's init segment and media segments, with absolute URLs; null if it has no init segment. */
export function parseMediaPlaylist(text: string, base: string): MediaPlaylist | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const map = lines.find((line) => line.startsWith('#EXT-X-MAP:'));
  const init = map ? attribute(map, 'URI') : undefined;
  if (!init) return null;
  const segments: MediaPlaylist['segments'] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXTINF:')) return;
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    const duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    if (uri)
      segments.push({ url: new URL(uri, base).href, duration: Number.isFinite(duration) ? duration : 0 });
  });
  return { init: new URL(init, base).href, segments };
}

/**
 * The preview's rung: the smallest at least as tall as the card shows it (device pixels), or the
 * tallest there is; never above 80% of the connection's estimate when the browser gives one.
 */
export function pickRung(rungs: Rung[], shownHeight: number, bitsPerSecond: number | null): Rung | undefined {
  const affordable =
    bitsPerSecond === null ? rungs : rungs.filter((rung) => rung.bandwidth <= bitsPerSecond * 0.8);
  const choices = affordable.length > 0 ? affordable : rungs.slice(0, 1);
  return choices.find((rung) => rung.height >= shownHeight) ?? choices.at(-1);
}

type MediaSourceClass = typeof MediaSource;

function mediaSourceClass(): MediaSourceClass | undefined {
  const scope = window as unknown as {
    ManagedMediaSource?: MediaSourceClass;
    MediaSource?: MediaSourceClass;
  };
  return scope.ManagedMediaSource ?? scope.MediaSource;
}

function once(target: EventTarget, names: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      for (const name of names) target.removeEventListener(name, done);
      signal.removeEventListener('abort', done);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    };
    for (const name of names) target.addEventListener(name, done, { once: true });
    signal.addEventListener('abort', done, { once: true });
  });
}

async function fetchOk(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${response.status} for a preview segment`);
  return response;
}

async function append(buffer: SourceBuffer, bytes: ArrayBuffer, signal: AbortSignal): Promise<void> {
  let failed = false;
  const onError = () => {
    failed = true;
  };
  buffer.addEventListener('error', onError, { once: true });
  const done = once(buffer, ['updateend'], signal);
  buffer.appendBuffer(bytes);
  await done;
  buffer.removeEventListener('error', onError);
  // 'error' comes before 'updateend' when the browser could not take the bytes.
  if (failed) throw new Error('the browser refused a preview segment');
}

/**
 * Plays the preview in `video` until `signal` aborts. `wanted` says whether the element should be
 * playing once it has a source (a play() asked for before is cut short when the source attaches).
 */
export async function playPreview(
  video: HTMLVideoElement,
  masterUrl: string,
  options: { signal: AbortSignal; wanted: () => boolean; bitsPerSecond: number | null },
): Promise<void> {
  const { signal } = options;
  const Source = mediaSourceClass();
  if (!Source) throw new Error('no Media Source Extensions');
  const master = await fetchOk(masterUrl, signal);
  const shown = (video.clientHeight || 360) * (window.devicePixelRatio || 1);
  const rung = pickRung(
    parseMaster(await master.text(), master.url || masterUrl),
    shown,
    options.bitsPerSecond,
  );
  const type = rung ? `video/mp4; codecs="${rung.codecs}"` : '';
  if (!rung || !Source.isTypeSupported(type)) throw new Error(`cannot play ${type || 'this ladder'}`);
  const rungResponse = await fetchOk(rung.url, signal);
  const playlist = parseMediaPlaylist(await rungResponse.text(), rungResponse.url || rung.url);
  if (!playlist || playlist.segments.length === 0) throw new Error('a rung without segments');
  const init = await (await fetchOk(playlist.init, signal)).arrayBuffer();

  const source = new Source();
  const objectUrl = URL.createObjectURL(source);
  // Safari's ManagedMediaSource plays only with AirPlay off.
  (video as HTMLVideoElement & { disableRemotePlayback: boolean }).disableRemotePlayback = true;
  const opened = once(source, ['sourceopen'], signal);
  video.src = objectUrl;
  signal.addEventListener('abort', () => URL.revokeObjectURL(objectUrl), { once: true });
  await opened;
  const buffer = source.addSourceBuffer(type);
  await append(buffer, init, signal);
  if (options.wanted()) void Promise.resolve(video.play()).catch(() => {});

  let next = 0;
  let queued = 0;
  const bufferedEnd = () =>
    buffer.buffered.length > 0 ? buffer.buffered.end(buffer.buffered.length - 1) : 0;
  while (!signal.aborted) {
    const segment = playlist.segments[next];
    if (!segment || queued >= PREVIEW_SECONDS) {
      if (source.readyState === 'open') source.endOfStream();
      return;
    }
    // No segment is fetched until the preview plays, and no more than a few seconds ahead.
    if (video.paused || bufferedEnd() - video.currentTime > AHEAD_SECONDS) {
      await once(video, ['play', 'timeupdate'], signal);
      continue;
    }
    const bytes = await (await fetchOk(segment.url, signal)).arrayBuffer();
    await append(buffer, bytes, signal);
    next += 1;
    queued += segment.duration;
  }
}
