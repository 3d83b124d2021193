import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleExchangeSchema } from '../../../common/schemas/auth.ts';
import { signInAnswerSchema } from '../../../common/schemas/two-factor.ts';
import { clientInfo } from '../../plugins/auth.ts';
import { presentSignIn } from '../../presenters/auth/user.ts';
import type { GoogleSignInService } from '../../services/auth/google.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const CALLBACK_PATH = '/api/auth/google/callback';
/** Ties the callback to the browser that started (against login CSRF); lives as long as the attempt. */
const BROWSER_COOKIE = 'fp_google';

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

const redirect = z.null().describe('Redirect (Location header)');

/** Google sign-in: to Google and back, then the one-time code traded for a session. */
export function googleEndpoints(google: GoogleSignInService, publicUrl: string) {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  const cookie = (value: string, maxAge: number) =>
    `${BROWSER_COOKIE}=${value}; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;

  return [
    endpoint({
      method: 'GET',
      url: '/api/auth/google/start',
      summary: 'Start Google sign-in: redirects to Google (404 when not configured)',
      caller: 'visitor',
      status: 302,
      response: redirect,
      errors: [404, 429],
      handler: async ({ request, reply }) => {
        const { url, browserKey } = await google.start(clientInfo(request));
        reply.header('set-cookie', cookie(browserKey, 600)).header('cache-control', 'no-store');
        return reply.redirect(url, 302);
      },
    }),
    endpoint({
      method: 'GET',
      url: CALLBACK_PATH,
      summary: 'Where Google sends the browser back; redirects to the web app with a one-time code',
      caller: 'visitor',
      query: z.record(z.string(), z.string()),
      status: 302,
      response: redirect,
      errors: [404],
      handler: async ({ request, reply }) => {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const target = await google.callback(
          new URL(`${publicUrl}${CALLBACK_PATH}${query}`),
          readCookie(request.headers.cookie, BROWSER_COOKIE),
        );
        reply
          .header('set-cookie', cookie('', 0))
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer');
        return reply.redirect(target, 302);
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/google/exchange',
      summary: 'Trade the one-time code from the callback for a session',
      caller: 'visitor',
      body: googleExchangeSchema,
      response: signInAnswerSchema,
      errors: [400, 404],
      handler: async ({ body, request }) =>
        presentSignIn(await google.exchange(body.code, clientInfo(request))),
    }),
  ];
}

const googleRoutes: FastifyPluginAsyncZod<{ google: GoogleSignInService; publicUrl: string }> = async (
  app,
  { google, publicUrl },
) => {
  registerEndpoints(app, ['auth'], googleEndpoints(google, publicUrl));
};

export default googleRoutes;
