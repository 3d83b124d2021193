import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { stubSettingsApi } from '../test/settings-api.ts';
import { PasskeysSection } from './passkeys-section.tsx';

const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const NEED_DOMAIN =
  "Passkeys need the site's domain name. Open the site at its address instead of an IP address.";

/** The page as opened at this host (the rest of its address stays). */
const openAt = (hostname: string) => vi.spyOn(window.location, 'hostname', 'get').mockReturnValue(hostname);

const renderSection = () => renderRoutes([{ path: '/settings', Component: PasskeysSection }], '/settings');

beforeEach(() => {
  signInAs();
  stubSettingsApi({
    'GET /api/me/passkeys': () => json(200, { items: [] }),
    'POST /api/me/passkeys/options': () => json(200, { challenge: 'abc' }),
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('passkeys in Settings at an IP address', () => {
  it("says why adding one failed in plain words, not the browser's", async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    openAt('192.168.1.20');
    webauthn.startRegistration.mockRejectedValue(
      Object.assign(new Error('192.168.1.20 is an invalid domain'), {
        name: 'SecurityError',
        code: 'ERROR_INVALID_DOMAIN',
      }),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByText(NEED_DOMAIN)).toBeTruthy();
    expect(screen.queryByText(/invalid domain/)).toBeNull();
  });

  it('says so instead of "This browser does not support passkeys" where the browser offers none', async () => {
    openAt('192.168.1.20');
    renderSection();
    expect(await screen.findByText(NEED_DOMAIN)).toBeTruthy();
    expect(screen.queryByText('This browser does not support passkeys.')).toBeNull();
  });
});
