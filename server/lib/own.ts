/**
 * A value stored under `key` in a plain record, never one inherited from Object.prototype: a key
 * from user input (`constructor`, `__proto__`, `toString`) finds nothing instead of a function.
 * Every lookup keyed by user input into a record goes through this (or a Map).
 */
export function ownValue<Value>(record: Record<string, Value>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
