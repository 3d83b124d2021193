import type { Clock } from '../../lib/clock.ts';
import { hmacSha256, sameDigest } from '../../lib/secrets.ts';

export interface SignedQuery {
  expires: number;
  signature: string;
}

/**
 * Short-lived links to private media: HMAC-SHA256(APP_SECRET, path + expiry). The path names the
 * media id and the rendition, so a signature opens exactly one file until it expires.
 */
export function createUrlSigner(deps: { secret: string; clock: Clock; ttlSeconds: number }) {
  const digest = (path: string, expires: number) => hmacSha256(deps.secret, `media:${path}\n${expires}`);
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);
  return {
    sign(path: string): SignedQuery {
      const expires = nowSeconds() + deps.ttlSeconds;
      return { expires, signature: digest(path, expires) };
    },

    /** False for a missing, malformed, tampered or expired signature (compared in constant time). */
    verify(path: string, expires: string | undefined, signature: string | undefined): boolean {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) {
        return false;
      }
      const at = Number(expires);
      if (at <= nowSeconds()) return false;
      return sameDigest(digest(path, at), signature);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
