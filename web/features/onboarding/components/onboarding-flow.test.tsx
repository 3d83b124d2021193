import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, signOut } from '../../../lib/session.ts';
import { json } from '../../../test/fetch-stub.ts';
import { buildCompleteDraft, buildCreator, buildState } from '../test/factories.ts';
import { renderWithApp } from '../test/render.tsx';
import { saves, signIn, stubServer } from '../test/stub-server.ts';
import { OnboardingPage } from './onboarding-page.tsx';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

const progress = () => screen.getByRole('progressbar', { name: 'Onboarding progress' });

describe('creator onboarding flow', () => {
  it('saves the draft with the new step on every move, forward and back', async () => {
    const requests = stubServer(buildState({ step: 'country', draft: { country: 'Germany' } }));
    signIn();
    renderWithApp(<OnboardingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const identityHeading = screen.getByRole('heading', { name: 'How do you identify?' });
    expect(document.activeElement).toBe(identityHeading);
    const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Non-binary' }));
    await userEvent.click(next);
    expect(screen.getByRole('heading', { name: 'Set up your profile' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the previous step' }));
    expect(screen.getByRole('heading', { name: 'How do you identify?' })).toBeTruthy();
    await waitFor(() =>
      expect(saves(requests)).toEqual([
        { step: 'indentity', draft: { country: 'Germany' } },
        { step: 'bio', draft: { country: 'Germany', identity: 'Non-binary' } },
        { step: 'indentity', draft: { country: 'Germany', identity: 'Non-binary' } },
      ]),
    );
  });

  it.each([
    [400, 'VALIDATION_FAILED', 'This handle is reserved'],
    [409, 'CONFLICT', 'This handle is already taken'],
  ])(
    'goes back to the bio step with the message when completing answers %i for the handle',
    async (status, code, message) => {
      const draft = buildCompleteDraft();
      const requests = stubServer(buildState({ step: 'post', draft }), () =>
        json(status, { message: 'Please check your details', code, fields: { handle: message } }),
      );
      signIn();
      renderWithApp(<OnboardingPage />);
      await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
      expect(await screen.findByRole('heading', { name: 'Set up your profile' })).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByLabelText('Handle').getAttribute('aria-invalid')).toBe('true');
      expect(progress().getAttribute('aria-valuenow')).toBe('4');
      await waitFor(() => expect(saves(requests).map((save) => save.step)).toEqual(['post', 'bio']));
      const order = requests.filter((request) => request.method !== 'GET').map((request) => request.method);
      expect(order).toEqual(['PUT', 'POST', 'PUT']);
    },
  );

  it('completes: the profile waits for review, links to the public page and goes home', async () => {
    const draft = buildCompleteDraft({ handle: 'lena.park' });
    const avatarUrl = 'http://localhost:3000/api/media/0195f1a0-0000-7000-8000-0000000000a2/w256.webp';
    const creator = buildCreator({ handle: 'lena.park', displayName: 'Lena Park', avatarUrl });
    stubServer(buildState({ step: 'post', draft }), () =>
      json(201, buildState({ step: 'completed', draft, creator })),
    );
    signIn();
    renderWithApp(<OnboardingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: "You're all set, Lena Park!" })).toBeTruthy();
    // The onboarding photo is the account's photo: the header (which reads the session) shows it.
    expect(getSession()?.user.profileImage).toBe(avatarUrl);
    expect(screen.getByText(/waiting for review/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const profile = screen.getByRole('link', { name: /View your public profile/ });
    expect(profile.getAttribute('href')).toBe('/public-profile/lena.park');
    await userEvent.click(screen.getByRole('button', { name: 'Go to home' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('shows the completed step when another tab already finished (409 without fields)', async () => {
    const draft = buildCompleteDraft();
    const creator = buildCreator({ displayName: 'Lena Park' });
    stubServer([buildState({ step: 'post', draft }), buildState({ step: 'completed', draft, creator })], () =>
      json(409, { message: 'You already have a creator profile', code: 'CONFLICT' }),
    );
    signIn();
    renderWithApp(<OnboardingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: "You're all set, Lena Park!" })).toBeTruthy();
  });

  it('leaves the first post out of the draft when skipping', async () => {
    const draft = buildCompleteDraft({ postMediaId: '00000000-0000-4000-8000-00000000abcd' });
    const requests = stubServer(buildState({ step: 'post', draft }));
    signIn();
    renderWithApp(<OnboardingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(saves(requests)[0]?.draft).not.toHaveProperty('postMediaId');
    expect(saves(requests)[0]?.draft).toMatchObject({ handle: draft.handle, monthlyPrice: '9.99' });
  });
});
