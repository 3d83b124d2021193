import { describe, expect, it } from 'vitest';
import { createTestClock, MINUTE } from '../../test/clock.ts';
import { createUrlSigner } from './url-signing.ts';

const path = '/api/media/0190a0b0-0000-7000-8000-000000000000/w640';

describe('media URL signing', () => {
  it('accepts its own signature until it expires, then refuses it', () => {
    const clock = createTestClock();
    const signer = createUrlSigner({ secret: 'x'.repeat(48), clock, ttlSeconds: 600 });
    const { expires, signature } = signer.sign(path);
    expect(signer.verify(path, String(expires), signature)).toBe(true);
    clock.advance(9 * MINUTE);
    expect(signer.verify(path, String(expires), signature)).toBe(true);
    clock.advance(MINUTE);
    expect(signer.verify(path, String(expires), signature)).toBe(false);
  });

  it('refuses another path, a moved expiry, another secret and garbage', () => {
    const clock = createTestClock();
    const signer = createUrlSigner({ secret: 'x'.repeat(48), clock, ttlSeconds: 600 });
    const { expires, signature } = signer.sign(path);
    expect(signer.verify(path.replace('w640', 'w1280'), String(expires), signature)).toBe(false);
    expect(signer.verify(path, String(expires + 3600), signature)).toBe(false);
    const other = createUrlSigner({ secret: 'y'.repeat(48), clock, ttlSeconds: 600 });
    expect(other.verify(path, String(expires), signature)).toBe(false);
    expect(signer.verify(path, undefined, signature)).toBe(false);
    expect(signer.verify(path, String(expires), undefined)).toBe(false);
    expect(signer.verify(path, 'soon', signature)).toBe(false);
    expect(signer.verify(path, String(expires), signature.slice(0, 63))).toBe(false);
    expect(signer.verify(path, String(expires), signature.toUpperCase())).toBe(false);
  });
});
