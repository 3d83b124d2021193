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

/** Strict CSP (no inline scripts), no framing, no sniffing. */
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
  },
  { name: 'security-headers' },
);
