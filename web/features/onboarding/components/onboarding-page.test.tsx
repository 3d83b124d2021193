import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../../../lib/session.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildCompleteDraft, buildMedia, buildState } from '../test/factories.ts';
import { renderWithApp } from '../test/render.tsx';
import { saves, signIn, stubServer } from '../test/stub-server.ts';
import { OnboardingPage } from './onboarding-page.tsx';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

const progress = () => screen.getByRole('progressbar', { name: 'Onboarding progress' });

describe('creator onboarding page', () => {
  it('asks a signed-out visitor to sign in, without calling the server', () => {
    const requests = stubServer(buildState());
    renderWithApp(<OnboardingPage />);
    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends an unverified account to verify its email first', async () => {
    const requests = stubServer(buildState());
    signIn(false);
    renderWithApp(<OnboardingPage />);
    const link = screen.getByRole('link', { name: 'Verify your email' });
    expect(link.getAttribute('href')).toBe('/email-verification');
    expect(requests).toHaveLength(0);
  });

  it('says so when the server refuses an unverified email', async () => {
    stubFetch(() => json(403, { message: 'Verify your email first', code: 'EMAIL_NOT_VERIFIED' }));
    signIn();
    renderWithApp(<OnboardingPage />);
    expect(await screen.findByRole('heading', { name: 'Verify your email first' })).toBeTruthy();
  });

  it('shows a loading state, then an error with a working retry', async () => {
    let attempts = 0;
    stubFetch(() =>
      ++attempts === 1
        ? json(503, { message: 'Service unavailable', code: 'NOT_READY' })
        : json(200, buildState()),
    );
    signIn();
    renderWithApp(<OnboardingPage />);
    expect(screen.getByText('Loading your onboarding…')).toBeTruthy();
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Start your creator journey' })).toBeTruthy();
  });

  it('starts with the journey: consent links, no progress bar, then saves the country step', async () => {
    const requests = stubServer(buildState());
    signIn();
    renderWithApp(<OnboardingPage />);
    await screen.findByRole('heading', { name: 'Start your creator journey' });
    expect(screen.getByText(/earn up to \$3k monthly/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Content Creator Agreement' }).getAttribute('href')).toBe(
      '/creator-agreement',
    );
    expect(screen.getByText(/at least 18 years old/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to the previous step' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(screen.getByRole('heading', { name: 'Where do you live?' })).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('2');
    await waitFor(() => expect(saves(requests)).toEqual([{ step: 'country', draft: {} }]));
  });

  it('resumes at the step the server saved, with the draft and upload previews', async () => {
    const banner = buildMedia({ purpose: 'banner' });
    const draft = {
      ...buildCompleteDraft({ bannerId: banner.id, bio: 'Hiking photos' }),
      monthlyPrice: undefined,
    };
    stubServer(buildState({ step: 'banner', draft, media: { ...buildState().media, banner } }));
    signIn();
    renderWithApp(<OnboardingPage />);
    expect(await screen.findByRole('heading', { name: 'Make your page yours' })).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('5');
    expect(progress().getAttribute('aria-valuetext')).toBe('Step 5 of 8');
    expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Hiking photos');
    expect(screen.getByText('13/500')).toBeTruthy();
    expect(
      screen.getByText('Wide image, at least 1500x500. Keep the main subject near the middle.'),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your banner' }).getAttribute('src')).toBe(banner.url);
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
