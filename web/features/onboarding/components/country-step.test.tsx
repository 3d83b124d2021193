import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { countries } from '#common/countries.ts';
import { renderStep } from '../test/render.tsx';
import { CountryStep } from './country-step.tsx';

const countryNames = () =>
  within(screen.getByRole('group', { name: 'Country' }))
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).value);

describe('country step', () => {
  it('lists every country and narrows it by a case-insensitive substring', async () => {
    renderStep(CountryStep);
    expect(countryNames()).toHaveLength(countries.length);
    await userEvent.type(screen.getByLabelText('Search countries'), 'KING');
    expect(countryNames()).toEqual(countries.filter((name) => name.toLowerCase().includes('king')));
    expect(countryNames()).toContain('United Kingdom');
    expect(countryNames()).not.toContain('Germany');
    await userEvent.clear(screen.getByLabelText('Search countries'));
    await userEvent.type(screen.getByLabelText('Search countries'), 'zzz');
    expect(screen.getByText('No country matches “zzz”.')).toBeTruthy();
  });

  it('keeps Continue disabled until one country is chosen, then moves on', async () => {
    const onNext = vi.fn();
    const { draft } = renderStep(CountryStep, { onNext });
    const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Search countries'), 'germ');
    await userEvent.click(screen.getByRole('radio', { name: 'Germany' }));
    expect(draft().country).toBe('Germany');
    expect(screen.getByText(/^Selected:/).textContent).toBe('Selected: Germany');
    expect(next.disabled).toBe(false);
    await userEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('is a radio group the keyboard can move through', async () => {
    const { draft } = renderStep(CountryStep, { draft: { country: 'France' } });
    const france = screen.getByRole('radio', { name: 'France' }) as HTMLInputElement;
    expect(france.checked).toBe(true);
    france.focus();
    await userEvent.keyboard('{ArrowDown}');
    const after = countries[countries.indexOf('France') + 1];
    expect(draft().country).toBe(after);
    expect((screen.getByRole('radio', { name: after }) as HTMLInputElement).checked).toBe(true);
  });
});
