import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMedia } from '../test/factories.ts';
import { renderStep } from '../test/render.tsx';
import { BannerStep } from './banner-step.tsx';

/** The profile shows the banner about 3.4 times as wide as tall (2.4 on a phone), cropped to fill. */
const BANNER_HINT = 'Wide image, at least 1500x500. Keep the main subject near the middle.';

const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

describe('banner step', () => {
  it('recommends the wide size the profile shows, not a square', async () => {
    renderStep(BannerStep);
    expect(screen.queryByText(/1200x1200/)).toBeNull();
    const preview = screen
      .getByRole('button', { name: 'Upload banner' })
      .closest('div')?.previousElementSibling;
    expect(preview?.className).toContain('aspect-[3/1]');
  });

  it('needs a banner image before anything else', async () => {
    renderStep(BannerStep);
    expect(screen.getByText(BANNER_HINT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload banner' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Bio'), 'Hello fans');
    expect(continueButton().disabled).toBe(true);
  });

  it('needs a bio that is not blank, counts it, and stops at 500 characters', async () => {
    const banner = buildMedia({ purpose: 'banner' });
    const { draft } = renderStep(BannerStep, { draft: { bannerId: banner.id }, media: { banner } });
    const bio = screen.getByLabelText('Bio') as HTMLTextAreaElement;
    expect(continueButton().disabled).toBe(true);
    await userEvent.type(bio, '   ');
    expect(continueButton().disabled).toBe(true);
    await userEvent.type(bio, 'Hi');
    expect(continueButton().disabled).toBe(false);
    expect(screen.getByText('5/500')).toBeTruthy();
    expect(bio.maxLength).toBe(500);
    expect(draft().bio).toBe('   Hi');
  });
});
