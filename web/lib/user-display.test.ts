import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf } from './user-display.ts';

describe('initialsOf', () => {
  it('uses the first letters of first and last name', () => {
    expect(initialsOf({ firstName: 'ada', lastName: 'lovelace', email: 'x@example.com' })).toBe('AL');
  });

  it('uses whichever name part exists', () => {
    expect(initialsOf({ firstName: 'Grace', lastName: null, email: 'g@example.com' })).toBe('G');
    expect(initialsOf({ firstName: '  ', lastName: 'Hopper', email: 'g@example.com' })).toBe('H');
  });

  it("falls back to the email's first letter", () => {
    expect(initialsOf({ firstName: null, lastName: null, email: 'zoe@example.com' })).toBe('Z');
  });

  it('never renders an empty avatar', () => {
    expect(initialsOf({ firstName: null, lastName: null, email: '' })).toBe('?');
  });
});

describe('displayNameOf', () => {
  it('prefers the full name, else the email', () => {
    expect(displayNameOf({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@example.com' })).toBe(
      'Ada Lovelace',
    );
    expect(displayNameOf({ firstName: null, lastName: null, email: 'a@example.com' })).toBe('a@example.com');
  });
});
