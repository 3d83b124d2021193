/**
 * The one-tap question: with a saved card, a payment asks "Pay $4.99 with Visa •••• 4081?" in the
 * app instead of opening the checkout page. `askOneTap` shows it (OneTapHost, mounted once in the
 * layout) and resolves with the fan's choice.
 */
import { useSyncExternalStore } from 'react';
import type { Money } from '../../lib/format.ts';

/** `saved`: pay with the saved card; `page`: another card, on the checkout page; null: not now. */
export type OneTapChoice = 'saved' | 'page' | null;

export interface OneTapQuestion {
  amount: Money;
  card: { brand: string; last4: string };
  /** What is being paid for, e.g. 'Unlock this post'. */
  what: string;
  answer: (choice: OneTapChoice) => void;
}

let current: OneTapQuestion | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function askOneTap(question: Omit<OneTapQuestion, 'answer'>): Promise<OneTapChoice> {
  // A question still open is answered "not now": only one shows at a time.
  current?.answer(null);
  return new Promise((resolve) => {
    const asked: OneTapQuestion = {
      ...question,
      answer: (choice) => {
        if (current === asked) {
          current = null;
          notify();
        }
        resolve(choice);
      },
    };
    current = asked;
    notify();
  });
}

export function useOneTapQuestion(): OneTapQuestion | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/** 'Visa •••• 4081'. */
export function cardText(card: { brand: string; last4: string }): string {
  const brand = card.brand.trim();
  const name = brand === '' ? 'Card' : `${brand.charAt(0).toUpperCase()}${brand.slice(1)}`;
  return `${name} •••• ${card.last4}`;
}
