import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../common/schemas/leaks.ts';
import type { PostView } from '../../../common/schemas/posts.ts';
import {
  call,
  createFanPaymentTestApp,
  creator,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  settle,
  subscribed,
} from '../../test/billing/fan-payments.ts';
import { buildPost } from '../../test/creators.ts';
import { fetchMedia, storedFiles, traceCopy } from '../../test/media.ts';

/** A 64 s video with motion throughout (ffmpeg's test pattern), small and quick to make. */
function movingVideo(seconds: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'recording-'));
  try {
    const out = path.join(dir, 'source.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=320x180:rate=10:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-y', out],
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('recording marks: a leaked recording of a video names the viewer it was delivered to', () => {
  let t: FanPaymentTestApp;
  const work = mkdtempSync(path.join(tmpdir(), 'recordings-'));
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', { runJobs: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    if (!process.env.KEEP_RECORDINGS) rmSync(work, { recursive: true, force: true });
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  /** The playlist of the video's one rung, as this viewer's player is given it. */
  async function rungPlaylist(token: string, postId: string): Promise<string> {
    const post = await ok<PostView>(call(t, 'GET', `/api/posts/${postId}`, token));
    const master = await fetchMedia(t, post.media?.urls.hls ?? '');
    expect(master.statusCode).toBe(200);
    const rung = master.body.split('\n').find((line) => line.startsWith('/api/media/')) ?? '';
    expect(rung).not.toContain('hlsb-');
    const playlist = await fetchMedia(t, rung);
    expect(playlist.statusCode).toBe(200);
    return playlist.body;
  }

  /**
   * What a downloader makes of a viewer's stream: every file the playlist names, fetched, then
   * re-encoded smaller into one MP4 (`seconds` of it, from `from`).
   */
  async function record(
    playlist: string,
    name: string,
    options: { from?: number; seconds?: number; filter?: string } = {},
  ) {
    const dir = path.join(work, name);
    execFileSync('mkdir', ['-p', dir]);
    const local = new Map<string, string>();
    const fetchOnce = async (url: string) => {
      let file = local.get(url);
      if (!file) {
        file = `f${local.size}${url.includes('init') ? '.mp4' : '.m4s'}`;
        const answer = await fetchMedia(t, url);
        expect(answer.statusCode).toBe(200);
        writeFileSync(path.join(dir, file), answer.rawPayload);
        local.set(url, file);
      }
      return file;
    };
    const lines: string[] = [];
    for (const line of playlist.split('\n')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) lines.push(line.replace(uri, await fetchOnce(uri)));
      else if (line.startsWith('/api/') || line.startsWith('http')) lines.push(await fetchOnce(line));
      else lines.push(line);
    }
    writeFileSync(path.join(dir, 'index.m3u8'), lines.join('\n'));
    const out = path.join(dir, 'recording.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-allowed_extensions', 'ALL'],
      ...['-i', path.join(dir, 'index.m3u8')],
      // After the input: decoded and dropped, as a recording started late would be.
      ...(options.from ? ['-ss', String(options.from)] : []),
      ...(options.seconds ? ['-t', String(options.seconds)] : []),
      ...['-vf', options.filter ?? 'scale=256:144'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-an', '-y', out],
    ]);
    return readFileSync(out);
  }

  const trace = (token: string, copy: Buffer) =>
    traceCopy(t, token, copy, { filename: 'found.mp4', type: 'video/mp4' });

  it('gives each subscriber their own mix of the two variants, and traces a recording of it to them', async () => {
    const owner = await creator(t);
    const post = await buildPost(t, owner.token, {
      visibility: 'subscribers',
      video: movingVideo(64),
      traceRecordings: true,
    });
    const mediaId = post.media?.id ?? '';
    // Both variants are stored: segments under `<rung>` and `<rung>-b`.
    const stored = storedFiles(t).filter((file) => file.startsWith(`${mediaId}/hls/`));
    expect(stored.some((file) => /\/hls\/\d+p-b\/seg-\d+\.m4s$/.test(file))).toBe(true);

    const first = await fan(t, { firstName: 'Rae', lastName: 'Corder' });
    const second = await fan(t, { firstName: 'Sam', lastName: 'Plain' });
    await subscribed(t, first.token, owner.creator.handle);
    await subscribed(t, second.token, owner.creator.handle);

    const firstPlaylist = await rungPlaylist(first.token, post.id);
    const secondPlaylist = await rungPlaylist(second.token, post.id);
    // Each viewer's playlist takes some segments from each variant, and differs from the other's.
    expect(firstPlaylist).toContain('/hlsb-');
    expect(firstPlaylist).toMatch(/\/hls-\d+p\/seg-/);
    expect(firstPlaylist).not.toBe(secondPlaylist);
    // The same viewer is given the same mix again.
    expect((await rungPlaylist(first.token, post.id)).replace(/[?&](expires|sig)=[^&\n]+/g, '')).toBe(
      firstPlaylist.replace(/[?&](expires|sig)=[^&\n]+/g, ''),
    );
    // Its owner sees variant A alone.
    expect(await rungPlaylist(owner.token, post.id)).not.toContain('hlsb-');
    // A variant B playlist is never served on its own.
    expect((await fetchMedia(t, `/api/media/${mediaId}/hlsb-180p`)).statusCode).toBe(404);

    const leaked = await record(firstPlaylist, 'first');
    const found = await ok<TraceResult>(trace(owner.token, leaked));
    expect(found).toMatchObject({
      outcome: 'found',
      media: { id: mediaId },
      delivery: { viewer: { id: first.user.id, name: 'Rae Corder' } },
    });
    expect(found.message).toMatch(/^This recording was made from the copy delivered to Rae Corder on /);
    expect(found.delivery?.confidence).toBeGreaterThanOrEqual(5);

    // The other subscriber's recording, started 3 s in, names them.
    const other = await ok<TraceResult>(
      trace(owner.token, await record(secondPlaylist, 'second', { from: 3 })),
    );
    expect(other).toMatchObject({ outcome: 'found', delivery: { viewer: { id: second.user.id } } });

    // A phone's screen recording of the player, mirrored: the video in the middle of a portrait
    // frame, between still bars of the page above and below it.
    const screen = [
      'hflip,scale=256:144,pad=288:512:16:176:color=0x303030',
      'drawbox=x=0:y=0:w=288:h=64:color=0x909090:t=fill',
      'drawbox=x=24:y=400:w=240:h=48:color=0xd8d8d8:t=fill',
    ].join(',');
    const onScreen = await ok<TraceResult>(
      trace(owner.token, await record(firstPlaylist, 'screen', { filter: screen })),
    );
    expect(onScreen).toMatchObject({ outcome: 'found', delivery: { viewer: { id: first.user.id } } });

    // Too short to name anyone: recognised, no one named.
    const short = await ok<TraceResult>(
      trace(owner.token, await record(firstPlaylist, 'short', { seconds: 20 })),
    );
    expect(short).toMatchObject({ outcome: 'no_mark', media: { id: mediaId }, delivery: null });
    // The owner's own copy (variant A alone) names no one.
    const own = await ok<TraceResult>(
      trace(owner.token, await record(await rungPlaylist(owner.token, post.id), 'own')),
    );
    expect(own).toMatchObject({ outcome: 'no_mark', delivery: null });
    // Another creator cannot trace this creator's videos.
    const stranger = await creator(t);
    expect((await ok<TraceResult>(trace(stranger.token, leaked))).outcome).toBe('not_found');
  }, 180_000);

  it('makes a video in one variant only unless asked', async () => {
    const owner = await creator(t);
    const post = await buildPost(t, owner.token, { visibility: 'subscribers', video: movingVideo(4) });
    const mediaId = post.media?.id ?? '';
    const stored = storedFiles(t).filter((file) => file.startsWith(`${mediaId}/hls/`));
    expect(stored.some((file) => file.includes('-b/'))).toBe(false);
    const viewer = await fan(t);
    await subscribed(t, viewer.token, owner.creator.handle);
    expect(await rungPlaylist(viewer.token, post.id)).not.toContain('hlsb-');
    // A "recording" that is noise behind an MP4 header is refused in words, not a server error.
    const header = movingVideo(2).subarray(0, 32);
    const noise = Buffer.concat([header, Buffer.alloc(200_000, 7)]);
    const refused = await trace(owner.token, noise);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST' });
  }, 60_000);
});
