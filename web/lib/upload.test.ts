import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  parseFinishedUpload,
  progressPercent,
  shouldRetry,
  toUploadError,
  uploadMetadata,
} from './upload.ts';

describe('tus upload helper', () => {
  it('reports progress as whole percents from 0 to 100', () => {
    expect(progressPercent(0, 1000)).toBe(0);
    expect(progressPercent(333, 1000)).toBe(33);
    expect(progressPercent(999, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(2000, 1000)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(Number.NaN, 10)).toBe(0);
  });

  it('tells the server the type but never the file name', () => {
    expect(uploadMetadata({ type: 'video/mp4' })).toEqual({ filetype: 'video/mp4' });
    expect(uploadMetadata({ type: '' })).toEqual({ filetype: 'application/octet-stream' });
    // A video to be made with recording marks says so; nothing else is told.
    expect(uploadMetadata({ type: 'video/mp4' }, { traceRecordings: true })).toEqual({
      filetype: 'video/mp4',
      traceRecordings: '1',
    });
    expect(uploadMetadata({ type: 'video/mp4' }, { traceRecordings: false })).toEqual({
      filetype: 'video/mp4',
    });
  });

  it('reads the media object from the last answer', () => {
    const media = { id: 'a', status: 'processing', kind: 'video' };
    expect(parseFinishedUpload(JSON.stringify(media))).toMatchObject(media);
    expect(parseFinishedUpload('')).toBeNull();
    expect(parseFinishedUpload('Upload complete')).toBeNull();
    expect(parseFinishedUpload('{"message":"x"}')).toBeNull();
  });

  it('retries network failures, server errors, conflicts and rate limits, but not refusals', () => {
    for (const status of [0, 409, 423, 429, 500, 502, 503]) expect(shouldRetry(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 415]) expect(shouldRetry(status)).toBe(false);
  });

  it("turns a failed request into an ApiError with the server's message", () => {
    const refused = toUploadError({
      originalResponse: {
        getStatus: () => 413,
        getBody: () => '{"message":"File size must be less than 2GB","code":"PAYLOAD_TOO_LARGE"}',
      },
    });
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File size must be less than 2GB',
    });
    expect(toUploadError(new Error('offline'))).toMatchObject({
      status: 0,
      message: 'The upload could not be completed',
    });
    expect(toUploadError({ originalResponse: { getStatus: () => 401, getBody: () => '' } })).toMatchObject({
      message: 'Unauthorized',
    });
  });
});
