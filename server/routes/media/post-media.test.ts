import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { PROCESS_MEDIA } from '../../jobs/process-media.ts';
import { createUrlSigner } from '../../services/media/url-signing.ts';
import { bearer, signUpVerified } from '../../test/accounts.ts';
import { MINUTE } from '../../test/clock.ts';
import {
  createMediaTestApp,
  fetchMedia,
  type MediaTestApp,
  mediaRows,
  STORAGE_DRIVERS,
  storedObjects,
  tusCreate,
  tusHead,
  tusPatch,
  tusUpload,
  urlsIn,
  waitForProcessing,
} from '../../test/media.ts';
import { brokenVideo, fakeMp4, jpeg, jpegWithGps, testVideo } from '../../test/media-fixtures.ts';

const MB = 1024 * 1024;

function ffprobeJson(data: Buffer): {
  format: { tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-probe-'));
  try {
    const file = path.join(dir, 'video.mp4');
    writeFileSync(file, data);
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
    return JSON.parse(out.toString());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The signed-link lifetime these tests configure (the default is 10 minutes). */
const TTL_MINUTES = 5;

describe.each(STORAGE_DRIVERS)(
  '%s storage: post media: resumable uploads, background processing, signed delivery',
  (driver) => {
    let t: MediaTestApp;
    let owner: { token: string };
    let stranger: { token: string };
    let admin: { token: string };
    const adminEmail = `admin-${driver}-${Date.now()}@example.com`;
    /** How a link to a private rendition looks: signed by the app, or presigned by S3. */
    const signedLink = () =>
      driver === 's3'
        ? new RegExp(
            `^${t.s3?.endpoint}/${t.s3?.bucket}/media/[0-9a-f-]{36}/[a-z0-9]+\\.[a-z0-9]+\\?.*X-Amz-Signature=[0-9a-f]{64}`,
          )
        : /\/api\/media\/[0-9a-f-]{36}\/[a-z0-9]+\?expires=\d+&sig=[0-9a-f]{64}$/;
    /**
     * A photo's link, on either driver: signed by the app, which draws the creator's mark on it
     * (server/services/media/marks.ts), naming the viewer it was made for.
     */
    const photoLink =
      /\/api\/media\/[0-9a-f-]{36}\/[a-z0-9]+\?for=[0-9a-f-]{36}&expires=\d+&sig=[0-9a-f]{64}$/;
    beforeAll(async () => {
      t = await createMediaTestApp(
        {
          MEDIA_MAX_IMAGE_BYTES: String(3 * MB),
          MEDIA_MAX_VIDEO_BYTES: String(20 * MB),
          MEDIA_SIGNED_URL_TTL_SECONDS: String(TTL_MINUTES * 60),
          ADMIN_EMAILS: adminEmail,
        },
        { runJobs: true, driver },
      );
      owner = await signUpVerified(t);
      stranger = await signUpVerified(t);
      admin = await signUpVerified(t, { email: adminEmail });
    });
    afterAll(async () => {
      await t.close();
    });

    it('takes an image in two PATCH requests (resumed), then renders it in a job', async () => {
      const { location, last } = await tusUpload(t, owner.token, await jpegWithGps(), {
        filename: 'beach.jpg',
        filetype: 'image/jpeg',
      });
      expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
      expect(last.statusCode).toBe(200);
      const created = last.json<MediaView>();
      expect(created).toMatchObject({ kind: 'image', purpose: 'post', status: 'processing', url: null });
      expect(created.id).toBe(location.split('/').at(-1));
      // The tus data is gone once the upload became media.
      expect((await storedObjects(t)).filter((file) => file.startsWith('.uploads/'))).toEqual([]);

      const ready = await waitForProcessing(t, owner.token, created.id);
      expect(ready).toMatchObject({ status: 'ready', width: 400, height: 600, locked: false });
      expect(Date.parse(ready.urlsExpireAt ?? '')).toBe(t.clock.now().getTime() + TTL_MINUTES * MINUTE);
      // The original (with its GPS) is deleted once the variants exist.
      expect((await storedObjects(t)).filter((file) => file.startsWith(`${created.id}/`)).sort()).toEqual(
        [
          `${created.id}/jpeg.jpg`,
          `${created.id}/preview.webp`,
          `${created.id}/w320.webp`,
          `${created.id}/w640.webp`,
        ].sort(),
      );
      for (const source of ready.urls.sources) {
        expect(source.url).toMatch(photoLink);
        const file = await fetchMedia(t, source.url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(source.type);
        expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
        expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
      }
    });

    it('shows a viewer who is not entitled only the blurred preview and the thumbhash', async () => {
      const { last } = await tusUpload(t, owner.token, await jpeg(1600, 1000));
      const id = last.json<MediaView>().id;
      const full = await waitForProcessing(t, owner.token, id);
      expect(full.urls.sources.map((source) => source.width)).toEqual([320, 640, 640, 1280, 1600]);

      for (const token of [stranger.token, null]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/media/${id}`,
          headers: token ? bearer(token) : {},
        });
        expect(response.statusCode).toBe(200);
        const locked = response.json<MediaView>();
        expect(locked).toMatchObject({
          locked: true,
          status: 'ready',
          thumbhash: full.thumbhash,
          placeholder: full.placeholder,
          urlsExpireAt: null,
        });
        expect(locked.placeholder).toMatch(/^data:image\/png;base64,/);
        expect(locked.urls).toEqual({
          preview: full.urls.preview,
          sources: [],
          poster: null,
          video: null,
          hls: null,
          document: null,
        });
        expect(locked.url).toBe(full.urls.preview);
        expect(urlsIn(locked).every((url) => url.endsWith(`/api/media/${id}/preview`))).toBe(true);
        expect(response.body).not.toMatch(/w1280|w1600|jpeg|sig=/);
      }
      const preview = await fetchMedia(t, full.urls.preview ?? '');
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Without the signature, a full rendition of private media is refused, by the app and the bucket.
      const unsigned = await fetchMedia(t, (full.urls.sources.at(-1)?.url ?? '').split('?')[0] ?? '');
      expect(unsigned.statusCode).toBe(403);
      const appPath = await fetchMedia(t, `/api/media/${id}/w1280`);
      expect(appPath.statusCode).toBe(403);
    });

    it('refuses tampered and expired signed URLs with 403', async () => {
      const { last } = await tusUpload(t, owner.token, await jpeg(700, 500));
      const view = await waitForProcessing(t, owner.token, last.json<MediaView>().id);
      const url =
        view.urls.sources.find((source) => source.width === 640 && source.type === 'image/webp')?.url ?? '';
      expect((await fetchMedia(t, url)).statusCode).toBe(200);

      const signature = /(?:sig|X-Amz-Signature)=([0-9a-f]{64})/.exec(url)?.[1] ?? '';
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`;
      const expiry = /(expires|X-Amz-Expires)=(\d+)/.exec(url);
      expect(signature).not.toBe('');
      expect(expiry).not.toBeNull();
      const forgeries = [
        url.replace(signature, flipped),
        url.replace(`${expiry?.[1]}=${expiry?.[2]}`, `${expiry?.[1]}=${Number(expiry?.[2]) + 3600}`),
        url.replace(/\/w640([.?])/, '/w320$1'),
        url.replace(/[0-9a-f-]{36}/, '0190a0b0-0000-7000-8000-000000000000'),
      ];
      for (const forged of forgeries) {
        expect(forged).not.toBe(url);
        const response = await fetchMedia(t, forged);
        expect([403, 404]).toContain(response.statusCode);
        if (!forged.includes('0190a0b0'))
          expect(response.json()).toMatchObject({ message: 'This link is invalid or has expired' });
      }

      t.clock.advance((TTL_MINUTES - 1) * MINUTE);
      expect((await fetchMedia(t, url)).statusCode).toBe(200);
      t.clock.advance(2 * MINUTE);
      const expired = await fetchMedia(t, url);
      expect(expired.statusCode).toBe(403);
      // A photo's link is the app's on either driver (marks are drawn there).
      expect(expired.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'This link is invalid or has expired',
      });
    });

    it('processes a video into HLS: poster, blurred poster, a ladder no larger than the source, signed playlists and segments', async () => {
      const original = testVideo({ size: '848x480' });
      expect(ffprobeJson(original).format.tags?.title).toBe('Secret title');
      const { last } = await tusUpload(t, owner.token, original, {
        filename: 'clip.mp4',
        filetype: 'video/mp4',
      });
      expect(last.statusCode).toBe(200);
      const created = last.json<MediaView>();
      expect(created).toMatchObject({ kind: 'video', status: 'processing', width: 848, height: 480 });

      const view = await waitForProcessing(t, owner.token, created.id);
      expect(view).toMatchObject({
        status: 'ready',
        kind: 'video',
        width: 848,
        height: 480,
        failureReason: null,
      });
      expect(view.duration).toBeCloseTo(2, 0);
      expect(view.url).toBe(view.urls.hls);
      expect(view.urls.video).toBeNull();
      // The master playlist is always the app's (it is rewritten per request), on both drivers.
      expect(view.urls.hls).toMatch(/\/api\/media\/[0-9a-f-]{36}\/hls\?expires=\d+&sig=[0-9a-f]{64}$/);
      expect(view.urls.poster).toMatch(signedLink());
      expect(view.urls.poster).toMatch(/\/poster[.?]/);
      expect(view.urls.preview).toMatch(/\/preview$/);

      const poster = await fetchMedia(t, view.urls.poster ?? '');
      expect((await sharp(poster.rawPayload).metadata()).width).toBe(848);
      const blurred = await fetchMedia(t, view.urls.preview ?? '');
      expect((await sharp(blurred.rawPayload).metadata()).width).toBeLessThanOrEqual(64);

      // Stored: poster, preview, the playlists and segments; never the original.
      const stored = (await storedObjects(t)).filter((file) => file.startsWith(`${view.id}/`));
      expect(stored.filter((file) => !file.includes('/seg-')).sort()).toEqual(
        [
          `${view.id}/hls/360p/index.m3u8`,
          `${view.id}/hls/360p/init_0.mp4`,
          `${view.id}/hls/480p/index.m3u8`,
          `${view.id}/hls/480p/init_1.mp4`,
          `${view.id}/hls/master.m3u8`,
          `${view.id}/poster.webp`,
          `${view.id}/preview.webp`,
        ].sort(),
      );

      const master = await fetchMedia(t, view.urls.hls ?? '');
      expect(master.statusCode).toBe(200);
      expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(master.headers['cache-control']).toBe('private, no-store');
      // Two rungs: 360p and the source's own 480p; nothing larger than the source.
      expect(master.body.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=636x360', 'RESOLUTION=848x480']);
      const variantLinks = master.body.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(variantLinks).toHaveLength(2);
      const ladder: { width: number; height: number }[] = [];
      for (const link of variantLinks) {
        expect(link).toMatch(/\/api\/media\/[0-9a-f-]{36}\/hls-(360|480)p\?expires=\d+&sig=[0-9a-f]{64}$/);
        const playlist = await fetchMedia(t, link);
        expect(playlist.statusCode).toBe(200);
        expect(playlist.body).toContain('#EXT-X-ENDLIST');
        const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)?.[1] ?? '';
        const segments = playlist.body.split('\n').filter((line) => line && !line.startsWith('#'));
        expect(segments.length).toBeGreaterThanOrEqual(1);
        const parts: Buffer[] = [];
        for (const url of [init, ...segments]) {
          expect(url).toMatch(
            driver === 's3' ? /X-Amz-Signature=[0-9a-f]{64}/ : /\?expires=\d+&sig=[0-9a-f]{64}$/,
          );
          const segment = await fetchMedia(t, url);
          expect(segment.statusCode).toBe(200);
          expect(segment.headers['content-type']).toBe(url === init ? 'video/mp4' : 'video/iso.segment');
          parts.push(segment.rawPayload);
        }
        // The init segment and the media segments make one playable fragmented MP4.
        const probe = ffprobeJson(Buffer.concat(parts)) as ReturnType<typeof ffprobeJson> & {
          streams: { width?: number; height?: number }[];
        };
        expect(probe.format.tags?.title).toBeUndefined();
        expect(probe.format.tags?.location).toBeUndefined();
        expect(probe.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
        const picture = probe.streams.find((stream) => stream.codec_type === 'video');
        ladder.push({ width: picture?.width ?? 0, height: picture?.height ?? 0 });
      }
      expect(ladder).toEqual([
        { width: 636, height: 360 },
        { width: 848, height: 480 },
      ]);

      // A stranger sees the blurred poster only: no playlist, no poster frame.
      const locked = (
        await t.app.inject({ method: 'GET', url: `/api/media/${view.id}`, headers: bearer(stranger.token) })
      ).json<MediaView>();
      expect(locked.urls).toMatchObject({ poster: null, video: null, hls: null, sources: [] });
      expect(locked.url).toBe(view.urls.preview);
    });

    it('refuses HLS playlists and segments without a valid, unexpired signature', async () => {
      const { last } = await tusUpload(t, owner.token, testVideo({ audio: false }));
      const view = await waitForProcessing(t, owner.token, last.json<MediaView>().id);
      const master = view.urls.hls ?? '';
      const rungLink =
        (await fetchMedia(t, master)).body.split('\n').find((line) => line.includes('/hls-')) ?? '';
      expect(rungLink).toMatch(/\/hls-240p\?/);
      const playlist = (await fetchMedia(t, rungLink)).body;
      const segment = playlist.split('\n').find((line) => line.includes('seg-00000')) ?? '';
      expect((await fetchMedia(t, segment)).statusCode).toBe(200);
      const appSegment = `/api/media/${view.id}/hls-240p/seg-00000.m4s`;

      const flip = (url: string) => {
        const signature = /(?:sig|X-Amz-Signature)=([0-9a-f]{64})/.exec(url)?.[1] ?? '';
        expect(signature).not.toBe('');
        return url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`);
      };
      const forgeries = [
        flip(master),
        flip(rungLink),
        flip(segment),
        master.split('?')[0] ?? '',
        rungLink.split('?')[0] ?? '',
        segment.split('?')[0] ?? '',
        appSegment,
        // One segment's signature does not open another segment, nor another rung's.
        segment.replace('seg-00000', 'seg-00001'),
        rungLink.replace('/hls-240p?', '/hls-360p?'),
        master.replace('/hls?', '/hls-240p?'),
      ];
      for (const forged of forgeries) {
        const response = await fetchMedia(t, forged);
        expect([403, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain('#EXTM3U');
      }
      // Only segment names the muxer makes are looked up: nothing else in (or out of) the folder.
      const signedPath = (file: string) => {
        const signer = createUrlSigner({ secret: t.config.appSecret, clock: t.clock, ttlSeconds: 60 });
        const { expires, signature } = signer.sign(`/api/media/${view.id}/hls-240p/${file}`);
        return `/api/media/${view.id}/hls-240p/${file}?expires=${expires}&sig=${signature}`;
      };
      expect((await fetchMedia(t, signedPath('index.m3u8'))).statusCode).toBe(404);
      expect((await fetchMedia(t, signedPath('..%2Fmaster.m3u8'))).statusCode).toBe(404);
      expect((await fetchMedia(t, signedPath('seg-00000.m4s'))).statusCode).toBe(200);

      t.clock.advance((TTL_MINUTES + 1) * MINUTE);
      for (const expired of [master, rungLink, segment])
        expect((await fetchMedia(t, expired)).statusCode).toBe(403);
    });

    it('transcodes a WebM into H.264/AAC segments', async () => {
      const { last } = await tusUpload(t, owner.token, testVideo({ container: 'webm' }));
      const view = await waitForProcessing(t, owner.token, last.json<MediaView>().id);
      expect(view.status).toBe('ready');
      const rung = (await fetchMedia(t, view.urls.hls ?? '')).body
        .split('\n')
        .find((line) => line.includes('/hls-'));
      const playlist = (await fetchMedia(t, rung ?? '')).body;
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1] ?? '';
      const first = playlist.split('\n').find((line) => line && !line.startsWith('#')) ?? '';
      const bytes = Buffer.concat([
        (await fetchMedia(t, init)).rawPayload,
        (await fetchMedia(t, first)).rawPayload,
      ]);
      expect(
        ffprobeJson(bytes)
          .streams.map((stream) => stream.codec_name)
          .sort(),
      ).toEqual(['aac', 'h264']);
    });

    it('marks a video that parses but does not decode as failed, with a reason, and keeps nothing', async () => {
      const { last } = await tusUpload(t, owner.token, brokenVideo());
      expect(last.statusCode).toBe(200);
      const id = last.json<MediaView>().id;
      const view = await waitForProcessing(t, owner.token, id);
      expect(view).toMatchObject({
        status: 'failed',
        failureReason: 'The video could not be read',
        url: null,
      });
      expect((await storedObjects(t)).filter((file) => file.startsWith(`${id}/`))).toEqual([]);
    });

    it('refuses a "video" that is noise behind an MP4 header when the upload finishes, and keeps nothing', async () => {
      const before = (await mediaRows(t)).length;
      const { location, last } = await tusUpload(t, owner.token, fakeMp4(300_000));
      expect(last.statusCode).toBe(400);
      expect(JSON.parse(last.body)).toMatchObject({ message: 'The video could not be read' });
      expect((await mediaRows(t)).length).toBe(before);
      const id = location.split('/').at(-1) ?? '';
      expect((await storedObjects(t)).filter((file) => file.includes(id))).toEqual([]);
    });

    it('refuses an unsupported type (SVG, text) at the end of the upload', async () => {
      const { last } = await tusUpload(
        t,
        owner.token,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      );
      expect(last.statusCode).toBe(415);
      expect(JSON.parse(last.body)).toMatchObject({ message: 'Unsupported file type' });
    });

    it('checks the declared length against the limits before any byte arrives', async () => {
      const tooBigVideo = await tusCreate(t, owner.token, 21 * MB, { filetype: 'video/mp4' });
      expect(tooBigVideo.statusCode).toBe(413);
      expect(JSON.parse(tooBigVideo.body)).toMatchObject({ message: 'File size must be less than 20MB' });
      const tooBigImage = await tusCreate(t, owner.token, 4 * MB, { filetype: 'image/jpeg' });
      expect(tooBigImage.statusCode).toBe(413);
      expect(JSON.parse(tooBigImage.body)).toMatchObject({ message: 'File size must be less than 3MB' });
      // An image that claimed to be a video is still held to the image limit once its bytes are known.
      const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(4 * MB)]);
      const { last } = await tusUpload(t, owner.token, big, { filetype: 'video/mp4' });
      expect(last.statusCode).toBe(413);
      expect(JSON.parse(last.body)).toMatchObject({ message: 'File size must be less than 3MB' });
    });

    it('keeps a viewer’s marked copy in the same storage; lets the owner delete post media by any of its links, signed ones included, and keeps nothing', async () => {
      const { last } = await tusUpload(t, owner.token, await jpeg(700, 500));
      const view = await waitForProcessing(t, owner.token, last.json<MediaView>().id);
      const signed = view.urls.sources.at(-1)?.url ?? '';
      expect(signed).toMatch(photoLink);
      const remove = (token: string, url: string) =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/media/delete',
          payload: { url },
          headers: bearer(token),
        });
      // Anyone else given the photo (an admin here) gets a copy marked for them, kept beside the
      // renditions in the same storage, and served from there the next time.
      const seen = await t.app.inject({
        method: 'GET',
        url: `/api/media/${view.id}`,
        headers: bearer(admin.token),
      });
      const theirs = seen.json<MediaView>().urls.sources.at(-1)?.url ?? '';
      expect(theirs).toMatch(photoLink);
      const marked = await fetchMedia(t, theirs);
      expect(marked.statusCode).toBe(200);
      expect(marked.rawPayload.equals((await fetchMedia(t, signed)).rawPayload)).toBe(false);
      const copies = (await storedObjects(t)).filter((file) => file.startsWith(`${view.id}/marked/`));
      expect(copies).toHaveLength(1);
      expect((await fetchMedia(t, theirs)).rawPayload.equals(marked.rawPayload)).toBe(true);
      expect((await storedObjects(t)).filter((file) => file.startsWith(`${view.id}/marked/`))).toEqual(
        copies,
      );

      expect((await remove(stranger.token, signed)).statusCode).toBe(404);
      const deleted = await remove(owner.token, signed);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: 'Image deleted successfully' });
      expect((await storedObjects(t)).filter((file) => file.includes(view.id))).toEqual([]);
      expect((await fetchMedia(t, signed)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/media/${view.id}`, headers: bearer(owner.token) }))
          .statusCode,
      ).toBe(404);
      // The media's own path names it too (what the web app sends for an upload still processing).
      const { last: another } = await tusUpload(t, owner.token, await jpeg(300, 200));
      const id = another.json<MediaView>().id;
      expect((await remove(owner.token, `/api/media/${id}`)).statusCode).toBe(200);
      // Its processing job, started at once and perhaps writing renditions as the row went, finds
      // the row gone and removes what it made: once no such job is queued or running, nothing is left.
      const pending = async () => {
        const counts = (await t.app.services.queue.counts()).find((queue) => queue.name === PROCESS_MEDIA);
        return (counts?.queued ?? 0) + (counts?.active ?? 0);
      };
      // The queue's counts are pg-boss's monitor's, refreshed every few seconds: 0 may be read before
      // the job is counted at all. So both are waited for: no such job, and none of its files.
      const leftOver = async () => (await storedObjects(t)).filter((file) => file.includes(id));
      await expect
        .poll(async () => ({ pending: await pending(), files: await leftOver() }), {
          timeout: 30_000,
          interval: 50,
        })
        .toEqual({ pending: 0, files: [] });
    });

    it('needs the bearer token on every request, and an upload belongs to its creator', async () => {
      expect((await tusCreate(t, null, 1000)).statusCode).toBe(401);
      const created = await tusCreate(t, owner.token, 1000);
      const location = created.headers.location as string;
      expect((await tusHead(t, stranger.token, location)).statusCode).toBe(404);
      expect((await tusPatch(t, stranger.token, location, 0, Buffer.alloc(10))).statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'HEAD',
        url: location,
        headers: { 'tus-resumable': '1.0.0' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await tusHead(t, owner.token, location)).statusCode).toBe(200);
    });
  },
);
