import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** For answers written past Fastify (hijacked: event streams, tus uploads). */
    apiSecurityHeaders: Readonly<Record<string, string>>;
  }
}

export interface SecurityHeadersOptions {
  /** Extra origins the page may load scripts from and send beacons to (analytics). */
  analyticsOrigins: string[];
  /**
   * Where media may come from besides the page's own origin: PUBLIC_URL (links stored with it)
   * and the S3 endpoint (presigned links), even over plain HTTP on a LAN.
   */
  mediaOrigins: string[];
  /** Behind TLS, browsers are told to stay on HTTPS. */
  https: boolean;
}

const youtube = '"https://www.youtube-nocookie.com" "https://www.youtube.com"';

/**
 * Browser features the app never uses are turned off for it and anything it embeds; the ones it
 * uses are kept to this origin (and the YouTube player for what a video embed needs): fullscreen
 * and picture-in-picture video, copying a profile link, and passkeys (WebAuthn). Only features
 * browsers recognize are named: Chromium warns in the console of every page about any other
 * (ambient-light-sensor and bluetooth were such: a browser ignores a feature it does not know, so
 * naming them protected nothing); e2e/support/browser.ts fails a browser test on such a warning.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  `autoplay=(self ${youtube})`,
  'camera=()',
  'display-capture=()',
  `encrypted-media=(self ${youtube})`,
  `fullscreen=(self ${youtube})`,
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  `picture-in-picture=(self ${youtube})`,
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The page's Content-Security-Policy: no inline scripts, media from the named origins only. */
function pagePolicy(options: SecurityHeadersOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.analyticsOrigins],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...options.mediaOrigins],
    'media-src': ["'self'", 'blob:', 'https:', ...options.mediaOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...options.analyticsOrigins, ...options.mediaOrigins],
    // The web app manifest and the service worker (web/sw/), both from this origin only.
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join(';');
}

/**
 * The headers of a JSON answer, and of streams and uploads (no document): a browser applies a
 * page's policies (CSP's sources, Permissions-Policy, opener and agent-cluster isolation) to
 * documents only, so a JSON answer carries what still matters for it: not sniffed into something
 * else, not framed, not run as a page if opened directly (`default-src 'none'`), not read by other
 * sites' pages, and HTTPS only behind TLS.
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/** The headers of every other answer: pages, the sandbox checkout, scripts, styles, media. */
export function documentSecurityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  return {
    ...apiSecurityHeaders(options.https),
    'content-security-policy': pagePolicy(options),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': permissionsPolicy,
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Security headers on every answer, by what it is (JSON or anything else), set once it is known,
 * and never over a header a route set itself (a reset link's page sends no referrer). Both sets
 * are made once at start: a page's full set, about 1.4 KB, on every JSON answer, and the
 * middleware that wrote it header by header, had cost a JSON route a fifth to half of its rate (decision 0024).
 * A hijacked answer (an event stream, a tus upload) skips onSend: those routes set
 * `apiSecurityHeaders` themselves.
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
    const forJson = Object.entries(apiSecurityHeaders(options.https));
    const forOthers = Object.entries(documentSecurityHeaders(options));
    app.decorate('apiSecurityHeaders', Object.freeze(Object.fromEntries(forJson)));
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      const headers = typeof type === 'string' && type.startsWith('application/json') ? forJson : forOthers;
      for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
      return payload;
    });
  },
  { name: 'security-headers' },
);
