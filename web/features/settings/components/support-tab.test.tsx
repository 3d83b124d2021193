import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SettingsPage } from '../../../app/routes/settings.tsx';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { stubSettingsApi } from '../test/settings-api.ts';

const renderSupport = () =>
  renderRoutes([{ path: '/settings', Component: SettingsPage }], '/settings?tab=support');

const form = () => screen.getByRole('region', { name: 'Contact Support' });
const send = () => within(form()).getByRole('button', { name: 'Send Message' });

afterEach(() => {
  // Unmounted first, so no refetch can start once fetch is real again.
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Contact Support', () => {
  it('starts with the name and email of the account', () => {
    signInAs({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    stubSettingsApi({});
    renderSupport();
    expect((within(form()).getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((within(form()).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((within(form()).getByLabelText('Category') as HTMLSelectElement).value).toBe('');
  });

  it('needs every field and a real email address, and sends nothing until then', async () => {
    signInAs();
    const requests = stubSettingsApi({});
    renderSupport();
    await userEvent.clear(within(form()).getByLabelText('Name'));
    await userEvent.clear(within(form()).getByLabelText('Email'));
    await userEvent.click(send());
    for (const message of [
      'Name is required',
      'Email is required',
      'Category is required',
      'Subject is required',
      'Message is required',
    ]) {
      expect(await within(form()).findByText(message)).toBeTruthy();
    }
    await userEvent.type(within(form()).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(send());
    expect(await within(form()).findByText('Invalid email address')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the request and promises a reply within 24 hours', async () => {
    signInAs({ email: 'ada@example.com' });
    const requests = stubSettingsApi({
      'POST /api/support': () => json(201, { message: 'Message Sent!' }),
    });
    renderSupport();
    await userEvent.selectOptions(within(form()).getByLabelText('Category'), 'Billing');
    await userEvent.type(within(form()).getByLabelText('Subject'), 'Charged twice');
    await userEvent.type(within(form()).getByLabelText('Message'), 'My card was charged twice in March.');
    await userEvent.click(send());
    expect(await within(form()).findByText('Message Sent!')).toBeTruthy();
    expect(within(form()).getByText(/We reply within 24 hours, to ada@example.com/)).toBeTruthy();
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      category: 'billing',
      subject: 'Charged twice',
      message: 'My card was charged twice in March.',
    });

    await userEvent.click(within(form()).getByRole('button', { name: 'Send another message' }));
    expect((within(form()).getByLabelText('Subject') as HTMLInputElement).value).toBe('');
    expect((within(form()).getByLabelText('Category') as HTMLSelectElement).value).toBe('');
  });

  it('shows "Sending..." while the request runs', async () => {
    signInAs();
    let answer: (response: Response) => void = () => {};
    stubSettingsApi({
      'POST /api/support': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderSupport();
    await userEvent.selectOptions(within(form()).getByLabelText('Category'), 'Other');
    await userEvent.type(within(form()).getByLabelText('Subject'), 'Hello');
    await userEvent.type(within(form()).getByLabelText('Message'), 'Just checking.');
    await userEvent.click(send());
    const pending = await within(form()).findByRole('button', { name: 'Sending...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    answer(json(201, { message: 'Message Sent!' }));
    await waitFor(() => expect(within(form()).getByText('Message Sent!')).toBeTruthy());
  });
});
