import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { SubscribersOnlySwitch } from './subscribers-only-switch.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubSettings(initial: boolean) {
  let subscribersOnly = initial;
  return stubFetch((request) => {
    if (request.url === '/api/creators/me') {
      return json(200, { creator: buildProfile(), counts: { liked: 0, purchased: 0, purchasedMessages: 0 } });
    }
    if (request.method === 'PUT') subscribersOnly = JSON.parse(request.body ?? '{}').subscribersOnly;
    return json(200, { subscribersOnly });
  });
}

const render = () => renderRoutes([{ path: '/', element: <SubscribersOnlySwitch userId="u-1" /> }], '/');

describe('subscribers-only messages switch', () => {
  it('names the choice, and says what happens now whether it is on or off', async () => {
    stubSettings(false);
    render();
    const toggle = await screen.findByRole('switch', { name: 'Messages from subscribers only' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Off: anyone can message you')).toBeTruthy();
    expect(screen.queryByText('Only subscribers can message you')).toBeNull();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('On: only your subscribers can message you')).toBeTruthy();
    expect(toggle.getAttribute('aria-describedby')).toBe(
      screen.getByText('On: only your subscribers can message you').id,
    );
  });
});
