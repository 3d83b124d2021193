/**
 * The one rule every text input follows: no NUL and no other control character except the line
 * break (`\n`, and the `\r` of a `\r\n`) and the tab. The server applies it to every body, query
 * string and route parameter before a route's own schema runs (server/plugins/validation.ts), so a
 * new route cannot forget it; forms can use `plainText()` to say the same thing before sending.
 */
import { z } from 'zod';

export const textMessages = {
  controlCharacters: 'Text cannot contain control characters (only line breaks and tabs are allowed)',
} as const;

/** C0 controls except tab (9), line feed (10) and carriage return (13); DEL and the C1 controls. */
function isControl(code: number): boolean {
  return (code < 32 && code !== 9 && code !== 10 && code !== 13) || (code >= 0x7f && code <= 0x9f);
}

export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (isControl(text.charCodeAt(index))) return true;
  }
  return false;
}

/**
 * The dotted path of the first string (value or object key) breaking the rule, `''` for the
 * value itself, or null when everything is plain text.
 */
export function findControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findControlCharacter(value[index], path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (hasControlCharacter(key)) return path || 'body';
    const found = findControlCharacter((value as Record<string, unknown>)[key], keyPath);
    if (found !== null) return found;
  }
  return null;
}

/** A string schema with the rule spelled out, for forms that want to say it before sending. */
export const plainText = () =>
  z.string().refine((text) => !hasControlCharacter(text), textMessages.controlCharacters);
