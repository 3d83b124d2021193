import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { renderRoutes } from '../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../test/session.ts';
import { Component as ContactPage } from './contact.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

const renderContact = () => renderRoutes([{ path: '/contact', Component: ContactPage }], '/contact');
const form = () => screen.getByRole('region', { name: 'Contact Support' });

describe('/contact', () => {
  it('lets a signed-out visitor send the support form and promises the confirmation email', async () => {
    const requests = stubFetch(() => json(201, { id: 't-1', message: 'Message Sent!' }));
    renderContact();
    await userEvent.type(within(form()).getByLabelText('Name'), 'Locked Out');
    await userEvent.type(within(form()).getByLabelText('Email'), 'me@example.com');
    await userEvent.selectOptions(within(form()).getByLabelText('Category'), 'Account');
    await userEvent.type(within(form()).getByLabelText('Subject'), 'Cannot sign in');
    await userEvent.type(within(form()).getByLabelText('Message'), 'The reset email never arrives.');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send Message' }));

    expect(await within(form()).findByText('Message Sent!')).toBeTruthy();
    expect(
      within(form()).getByText(/to me@example.com; a confirmation is on its way there now/),
    ).toBeTruthy();
    expect(requests.map((request) => [request.method, request.url])).toEqual([['POST', '/api/support']]);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      name: 'Locked Out',
      email: 'me@example.com',
      category: 'account',
      subject: 'Cannot sign in',
      message: 'The reset email never arrives.',
    });
  });

  it("checks the spec's rules before sending anything", async () => {
    const requests = stubFetch(() => json(201, {}));
    renderContact();
    await userEvent.type(within(form()).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(within(form()).getByRole('button', { name: 'Send Message' }));
    expect(await within(form()).findByText('Invalid email address')).toBeTruthy();
    expect(within(form()).getByText('Name is required')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('starts with the account name and email when signed in', () => {
    signInAs({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    stubFetch(() => json(201, {}));
    renderContact();
    expect((within(form()).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });
});
