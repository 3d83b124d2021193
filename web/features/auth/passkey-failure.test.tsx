import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { SignInForm } from './components/sign-in-form.tsx';
import { PASSKEYS_NEED_DOMAIN, PASSKEYS_WRONG_ADDRESS, passkeyFailureText } from './passkey-failure.ts';
import { renderWithApp } from './test/render.tsx';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

/** What the browser (through @simplewebauthn/browser) throws at an address passkeys cannot use. */
const invalidDomain = () =>
  Object.assign(new Error('192.168.1.20 is an invalid domain'), {
    name: 'SecurityError',
    code: 'ERROR_INVALID_DOMAIN',
  });

/** The page as opened at this host (the rest of its address stays). */
const openAt = (hostname: string) => vi.spyOn(window.location, 'hostname', 'get').mockReturnValue(hostname);

describe('passkeyFailureText', () => {
  it('says in plain words that an IP address cannot use passkeys, whatever the browser threw', () => {
    expect(PASSKEYS_NEED_DOMAIN).toBe(
      "Passkeys need the site's domain name. Open the site at its address instead of an IP address.",
    );
    for (const host of ['192.168.1.20', '10.0.0.5', '[::1]', '[2001:db8::1]']) {
      expect(passkeyFailureText(invalidDomain(), host)).toBe(PASSKEYS_NEED_DOMAIN);
      expect(passkeyFailureText(new DOMException('Not allowed', 'NotAllowedError'), host)).toBe(
        PASSKEYS_NEED_DOMAIN,
      );
      expect(passkeyFailureText(new Error('WebAuthn is not supported in this browser'), host)).toBe(
        PASSKEYS_NEED_DOMAIN,
      );
    }
  });

  it('says a domain the passkeys are not for is the wrong address, and keeps quiet on a closed prompt', () => {
    const rpMismatch = Object.assign(new Error('The RP ID "fanplace.example" is invalid for this domain'), {
      name: 'SecurityError',
      code: 'ERROR_INVALID_RP_ID',
    });
    expect(passkeyFailureText(rpMismatch, 'staging.example.org')).toBe(PASSKEYS_WRONG_ADDRESS);
    expect(passkeyFailureText(new DOMException('Closed', 'NotAllowedError'), 'localhost')).toBeNull();
    expect(passkeyFailureText(new Error('Something went wrong'), '192.168.1.20')).toBe(
      'Something went wrong',
    );
  });
});

describe('signing in with a passkey at an IP address', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', class {});
    openAt('192.168.1.20');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows plain words, not the browser's error", async () => {
    const shown = vi.spyOn(toast, 'error');
    stubFetch(() => json(200, { challenge: 'abc' }));
    webauthn.startAuthentication.mockRejectedValue(invalidDomain());
    renderWithApp(<SignInForm next="/" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(shown).toHaveBeenCalledWith(PASSKEYS_NEED_DOMAIN));
    expect(shown).not.toHaveBeenCalledWith('192.168.1.20 is an invalid domain');
  });
});
