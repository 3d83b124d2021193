/** Where services read the time, so rules measured in minutes can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The same moment `days` whole days later (earlier when negative). */
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
