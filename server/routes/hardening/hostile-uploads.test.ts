import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { bearer, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { HOUR } from '../../test/clock.ts';
import { type HostileFile, hostileCorpus } from '../../test/hostile-corpus.ts';
import {
  createMediaTestApp,
  fetchMedia,
  type MediaTestApp,
  mediaRows,
  tusCreate,
  tusUpload,
  upload,
  urlsIn,
  waitForProcessing,
} from '../../test/media.ts';
import { fakeMp4, jpeg, testVideo } from '../../test/media-fixtures.ts';

const MB = 1024 * 1024;

function ffprobeTags(data: Buffer): Record<string, string> {
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
    const probe = JSON.parse(out.toString()) as {
      format: { tags?: Record<string, string> };
      streams: { tags?: Record<string, string> }[];
    };
    return Object.assign({}, probe.format.tags, ...probe.streams.map((stream) => stream.tags ?? {}));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Served bytes keep no EXIF, GPS, XMP, IPTC or comment, and none of the file's smuggled payload. */
async function assertClean(bytes: Buffer, mime: string, secrets: string[]) {
  for (const secret of secrets) expect(bytes.includes(Buffer.from(secret, 'latin1')), secret).toBe(false);
  if (mime === 'application/pdf') return;
  expect(['image/webp', 'image/jpeg', 'image/png', 'image/avif']).toContain(mime);
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.comments ?? []).toEqual([]);
}

describe('the hostile upload corpus', () => {
  let t: MediaTestApp;
  let user: { token: string };
  let admin: { token: string };
  let corpus: HostileFile[];
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    t = await createMediaTestApp(
      {
        ADMIN_EMAILS: adminEmail,
        MEDIA_MAX_IMAGE_BYTES: String(3 * MB),
        MEDIA_MAX_VIDEO_BYTES: String(20 * MB),
      },
      { runJobs: true },
    );
    user = await signUpVerified(t);
    admin = await signUpVerified(t, { email: adminEmail });
    corpus = await hostileCorpus();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('has at least 200 files through the simple upload, each refused with a clear message or re-encoded clean', async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const before = (await mediaRows(t)).length;
    let accepted = 0;
    const outcomes: string[] = [];
    for (const [index, file] of corpus.entries()) {
      // Uploads are limited per hour; the test's clock moves on instead of waiting.
      if (index % 50 === 49) t.clock.advance(HOUR);
      const response = await upload(t, file.target, user.token, {
        data: file.data,
        filename: file.filename,
        type: file.type,
      });
      const status = response.statusCode;
      outcomes.push(`${file.name}: ${status}`);
      expect(status, `${file.name}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (status === 201) {
        expect(file.expect, `${file.name} was accepted`).not.toBe('refused');
        accepted += 1;
        const view = response.json<MediaView>();
        for (const url of urlsIn(view)) {
          const served = await fetchMedia(
            t,
            url,
            file.target === 'identity-document' ? bearer(admin.token) : {},
          );
          expect(served.statusCode, `${file.name} ${url}`).toBe(200);
          await assertClean(served.rawPayload, String(served.headers['content-type']), file.secrets ?? []);
        }
      } else {
        expect(file.expect, `${file.name} was refused: ${response.body}`).not.toBe('reencoded');
        expect([400, 413, 415]).toContain(status);
        const body = response.json<{ message: string; code: string }>();
        expect(body.message.length).toBeGreaterThan(10);
        expect(body.message).not.toBe('Something went wrong');
      }
    }
    expect(accepted).toBeGreaterThan(50);
    // Nothing refused left a row behind.
    expect((await mediaRows(t)).length - before).toBe(accepted);
    expect(outcomes.length).toBe(corpus.length);
  }, 600_000);

  it('runs the images through the resumable (post) upload too, with MP4s malformed, metadata-laden and oversize', async () => {
    const creator = await signUpVerified(t);
    // The post limits differ from the simple routes' (oversize is checked below), and rendering is
    // the slow part: every file meant to be refused, and one in four of those to re-encode.
    let kept = 0;
    const images = corpus.filter(
      (file) =>
        file.target !== 'identity-document' &&
        !file.name.startsWith('oversize') &&
        (file.expect === 'refused' || kept++ % 4 === 0),
    );
    let checked = 0;
    for (const [index, file] of images.entries()) {
      if (index % 50 === 49) t.clock.advance(HOUR);
      if (file.data.length === 0) {
        const empty = await tusCreate(t, creator.token, 0, { filetype: file.type });
        expect(empty.statusCode, file.name).toBeLessThan(500);
        continue;
      }
      const { last } = await tusUpload(t, creator.token, file.data, {
        filename: file.filename,
        filetype: file.type,
      });
      expect(last.statusCode, `${file.name}: ${last.body}`).toBeLessThan(500);
      if (last.statusCode === 200) {
        expect(file.expect, `${file.name} was accepted`).not.toBe('refused');
        const view = await waitForProcessing(t, creator.token, last.json<MediaView>().id);
        if (view.status === 'ready') {
          for (const url of urlsIn(view)) {
            const served = await fetchMedia(t, url);
            await assertClean(served.rawPayload, String(served.headers['content-type']), file.secrets ?? []);
          }
        } else {
          expect(view.failureReason, file.name).toBeTruthy();
        }
      } else {
        expect(file.expect, `${file.name} was refused: ${last.body}`).not.toBe('reencoded');
        expect(JSON.parse(last.body).message.length).toBeGreaterThan(10);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(60);

    t.clock.advance(HOUR);
    for (const bytes of [300_000, 50_000, 1_000]) {
      const { last } = await tusUpload(t, creator.token, fakeMp4(bytes), { filetype: 'video/mp4' });
      expect(last.statusCode).toBe(400);
      expect(JSON.parse(last.body)).toMatchObject({ message: 'The video could not be read' });
    }
    const original = testVideo();
    expect(ffprobeTags(original).title).toBe('Secret title');
    const { last } = await tusUpload(t, creator.token, original, {
      filename: 'clip.mp4',
      filetype: 'video/mp4',
    });
    const video = await waitForProcessing(t, creator.token, last.json<MediaView>().id);
    expect(video.status).toBe('ready');
    // The poster, and every file of the HLS ladder: master, each rung's playlist, init and segments.
    const poster = await fetchMedia(t, video.urls.poster ?? '');
    await assertClean(poster.rawPayload, String(poster.headers['content-type']), ['Secret title']);
    const master = await fetchMedia(t, video.urls.hls ?? '');
    expect(master.statusCode).toBe(200);
    const links = (body: string) => [
      ...[...body.matchAll(/URI="([^"]+)"/g)].map((match) => match[1] ?? ''),
      ...body.split('\n').filter((line) => line && !line.startsWith('#')),
    ];
    const rungs = links(master.body);
    expect(rungs.length).toBeGreaterThan(0);
    for (const rung of rungs) {
      const playlist = await fetchMedia(t, rung);
      expect(playlist.statusCode).toBe(200);
      const parts: Buffer[] = [];
      for (const url of links(playlist.body)) {
        const served = await fetchMedia(t, url);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.includes('Secret title')).toBe(false);
        parts.push(served.rawPayload);
      }
      const tags = ffprobeTags(Buffer.concat(parts));
      expect(tags.title).toBeUndefined();
      expect(tags.location).toBeUndefined();
    }
    const declaredTooBig = await tusCreate(t, creator.token, 21 * MB, { filetype: 'video/mp4' });
    expect(declaredTooBig.statusCode).toBe(413);
    const image = Buffer.concat([await jpeg(64, 64), Buffer.alloc(4 * MB)]);
    const oversize = await tusUpload(t, creator.token, image, { filetype: 'video/mp4' });
    expect(oversize.last.statusCode).toBe(413);
  }, 900_000);
});
