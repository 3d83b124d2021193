import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleExchangeSchema } from '../../../common/schemas/auth.ts';
import { signInAnswerSchema } from '../../../common/schemas/two-factor.ts';
import { clientInfo } from '../../plugins/auth.ts';
import { presentSignIn } from '../../presenters/user.ts';
import type { GoogleSignInService } from '../../services/auth/google.service.ts';
import { errorResponses } from './responses.ts';

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

const googleRoutes: FastifyPluginAsyncZod<{ google: GoogleSignInService; publicUrl: string }> = async (
  app,
  { google, publicUrl },
) => {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  const cookie = (value: string, maxAge: number) =>
    `${BROWSER_COOKIE}=${value}; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;

  app.get(
    '/api/auth/google/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in: redirects to Google (404 when not configured)',
        response: { 302: redirect, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const { url, browserKey } = await google.start(clientInfo(request));
      reply.header('set-cookie', cookie(browserKey, 600)).header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'Where Google sends the browser back; redirects to the web app with a one-time code',
        querystring: z.record(z.string(), z.string()),
        response: { 302: redirect, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/api/auth/google/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the one-time code from the callback for a session',
        body: googleExchangeSchema,
        response: { 200: signInAnswerSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      return presentSignIn(await google.exchange(request.body.code, clientInfo(request)));
    },
  );
};

export default googleRoutes;
