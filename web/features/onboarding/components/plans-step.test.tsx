import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderStep } from '../test/render.tsx';
import { PlansStep } from './plans-step.tsx';

const priceInput = () => screen.getByLabelText('Monthly price (USD)') as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

describe('plans step', () => {
  it("says Continue, not Finish: the first post's step comes after it", () => {
    renderStep(PlansStep);
    expect(continueButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
  });

  it('keeps only digits and periods of what is typed', async () => {
    const { draft } = renderStep(PlansStep);
    await userEvent.type(priceInput(), '$1a2,.5x0');
    expect(priceInput().value).toBe('12.50');
    expect(draft().monthlyPrice).toBe('12.50');
  });

  it('says what is wrong and keeps Continue disabled until the price is valid', async () => {
    const onNext = vi.fn();
    renderStep(PlansStep, { onNext });
    expect(continueButton().disabled).toBe(true);
    expect(screen.getByText('You can change your price later.')).toBeTruthy();

    fireEvent.blur(priceInput());
    expect(screen.getByText('Please enter your monthly price')).toBeTruthy();

    await userEvent.type(priceInput(), '2');
    expect(screen.getByText('The monthly price must be between $4.99 and $100')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);

    await userEvent.type(priceInput(), '.5.');
    expect(screen.getByText('Enter a price in dollars, like 9.99')).toBeTruthy();
    expect(screen.queryByText('Save 20%')).toBeNull();

    await userEvent.clear(priceInput());
    await userEvent.type(priceInput(), '10');
    expect(document.getElementById(`${priceInput().id}-message`)?.textContent).toBe('');
    expect(priceInput().getAttribute('aria-invalid')).toBeNull();
    expect(continueButton().disabled).toBe(false);
    await userEvent.click(continueButton());
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('shows the monthly price and the 6-month bundle at 20% off', async () => {
    renderStep(PlansStep, { draft: { monthlyPrice: '10' } });
    const offers = () => screen.getByRole('list', { name: 'What fans pay' }).textContent;
    expect(offers()).toContain('$10.00 / month');
    expect(offers()).toContain('$48.00 / 6 months');
    expect(offers()).toContain('Save 20%');
    await userEvent.clear(priceInput());
    expect(screen.queryByRole('list', { name: 'What fans pay' })).toBeNull();
    await userEvent.type(priceInput(), '12.34');
    expect(offers()).toContain('$12.34 / month');
    expect(offers()).toContain('$59.23 / 6 months');
  });
});
