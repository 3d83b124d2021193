import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderStep } from '../test/render.tsx';
import { PlansStep } from './plans-step.tsx';

const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

describe('plans step: the 3- and 12-month bundles', () => {
  it('appear once the monthly price is valid, off by default', () => {
    renderStep(PlansStep, { draft: { monthlyPrice: '2' } });
    expect(screen.queryByRole('group', { name: 'Subscription bundles' })).toBeNull();
  });

  it('keep the discount in the draft while on, price it live, and hold Continue until it is valid', async () => {
    const { draft } = renderStep(PlansStep, { draft: { monthlyPrice: '9.99' } });
    const three = screen.getByRole('switch', { name: 'Offer 3 months' }) as HTMLInputElement;
    expect(three.checked).toBe(false);
    expect(draft().threeMonthDiscount).toBeUndefined();
    expect(continueButton().disabled).toBe(false);

    await userEvent.click(three);
    expect(draft().threeMonthDiscount).toBe('');
    expect(continueButton().disabled).toBe(true);
    const discount = screen.getByLabelText('3-month discount (%)');
    await userEvent.type(discount, '75');
    expect(screen.getByRole('alert').textContent).toBe('The discount must be a whole number from 0 to 60');
    expect(continueButton().disabled).toBe(true);
    await userEvent.clear(discount);
    await userEvent.type(discount, '15');
    expect(draft().threeMonthDiscount).toBe('15');
    expect(screen.getByText('Fans pay $25.47 for 3 months instead of $29.97 · Save 15%')).toBeTruthy();
    expect(continueButton().disabled).toBe(false);

    // Off again: the bundle leaves the draft, so it is not offered.
    await userEvent.click(three);
    expect(draft().threeMonthDiscount).toBeUndefined();
    expect(screen.queryByLabelText('3-month discount (%)')).toBeNull();
  });

  it('shows what is wrong with a discount already in the draft', () => {
    renderStep(PlansStep, { draft: { monthlyPrice: '10', twelveMonthDiscount: '99' } });
    expect(screen.getByRole('alert').textContent).toBe('The discount must be a whole number from 0 to 60');
    expect(screen.getByLabelText('12-month discount (%)').getAttribute('aria-invalid')).toBe('true');
  });
});
