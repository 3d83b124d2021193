import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Replaces fetch with a responder that answers real Response objects, and records every request
 * the code under test made (URL, method, headers, body).
 */
export function stubFetch(responder: Responder): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: String(input instanceof Request ? input.url : input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    };
    requests.push(request);
    return responder(request);
  });
  return requests;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
