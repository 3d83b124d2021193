import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

/** Strict CSP (no inline scripts), no framing, no sniffing, and a Permissions-Policy. */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
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
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('permissions-policy', permissionsPolicy);
      return payload;
    });
  },
  { name: 'security-headers' },
);
