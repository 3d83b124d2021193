import { randomBytes } from 'node:crypto';
import type { OnboardingDraft, OnboardingState } from '../../../common/schemas/creators.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import type { CreatePostInput, PostView } from '../../../common/schemas/posts.ts';

/** The part of Fastify's `inject` the demo uses: requests through the app's real routes, in-process. */
export interface InjectRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
  remoteAddress?: string;
}
export interface InjectResponse {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}
export type Inject = (request: InjectRequest) => Promise<InjectResponse>;

export class DemoApiError extends Error {
  override name = 'DemoApiError';
}

/** One file part of a multipart/form-data body. */
function multipart(data: Buffer, filename: string, type: string) {
  const boundary = `----fanplace-demo-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The public API as one signed-in demo account uses it: the same uploads, checks and processing
 * a person's browser goes through. `ip` is the address the rate limits count against.
 */
export function demoApiFor(inject: Inject, session: { token: string; ip: string }) {
  const auth = { authorization: `Bearer ${session.token}` };

  async function call<T>(request: InjectRequest, expected: number): Promise<T> {
    const response = await inject({
      ...request,
      remoteAddress: session.ip,
      headers: { ...auth, ...request.headers },
    });
    if (response.statusCode !== expected) {
      throw new DemoApiError(
        `${request.method} ${request.url}: ${response.statusCode} ${response.body.slice(0, 300)}`,
      );
    }
    return (response.body ? JSON.parse(response.body) : null) as T;
  }

  const TUS = { 'tus-resumable': '1.0.0' };

  return {
    uploadImage(target: 'profile' | 'banner' | 'identity-document', data: Buffer, type: string) {
      const body = multipart(data, `${target}.${type === 'image/png' ? 'png' : 'jpg'}`, type);
      return call<MediaView>(
        {
          method: 'POST',
          url: `/api/media/upload/${target}`,
          headers: { 'content-type': body.contentType },
          payload: body.payload,
        },
        201,
      );
    },

    /** A resumable (tus) post upload in one PATCH; the media is then processed by the job queue. */
    async uploadPostMedia(data: Buffer, type: string): Promise<MediaView> {
      const created = await inject({
        method: 'POST',
        url: '/api/uploads',
        remoteAddress: session.ip,
        headers: {
          ...auth,
          ...TUS,
          'upload-length': String(data.length),
          'upload-metadata': `filetype ${Buffer.from(type).toString('base64')}`,
        },
      });
      const location = created.headers.location;
      if (created.statusCode !== 201 || typeof location !== 'string') {
        throw new DemoApiError(`tus create: ${created.statusCode} ${created.body.slice(0, 300)}`);
      }
      return call<MediaView>(
        {
          method: 'PATCH',
          url: location,
          headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          payload: data,
        },
        200,
      );
    },

    saveOnboarding: (draft: OnboardingDraft) =>
      call<OnboardingState>(
        { method: 'PUT', url: '/api/creators/onboarding', payload: { step: 'post', draft } },
        200,
      ),

    completeOnboarding: () =>
      call<OnboardingState>({ method: 'POST', url: '/api/creators/onboarding/complete' }, 201),

    createPost: (input: CreatePostInput) =>
      call<PostView>({ method: 'POST', url: '/api/posts', payload: input }, 201),

    follow: (handle: string) =>
      call<unknown>({ method: 'POST', url: `/api/creators/${encodeURIComponent(handle)}/follow` }, 200),

    like: (postId: string) => call<unknown>({ method: 'POST', url: `/api/posts/${postId}/like` }, 200),
  };
}

export type DemoApi = ReturnType<typeof demoApiFor>;
