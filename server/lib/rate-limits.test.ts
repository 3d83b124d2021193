import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rateLimits } from './rate-limits.ts';

const server = fileURLToPath(new URL('../', import.meta.url));

/** The .ts files (tests left out) under server/<folder>, relative to server/. */
function sources(folder: string): string[] {
  return readdirSync(`${server}${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `${folder}/${file}`);
}

/** The text between a call's parentheses, `open` being the index just past its `(`. */
function argumentsAt(source: string, open: number): string {
  let depth = 1;
  let at = open;
  while (at < source.length && depth > 0) {
    const char = source[at];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    at += 1;
  }
  return source.slice(open, at - 1);
}

const INLINE_RULE = /\{\s*(?:scope|limit|windowMs)\s*:/;
const STRING_FIRST = /^\s*['"`]/;

/**
 * Rate limits written outside server/lib/rate-limits.ts: a limiter method (`.consume(`,
 * `.blocked(`, `.record(`, `.clear(`) called with a string scope, any such call or the table's
 * helpers given an inline `{ limit: ... }` / `{ scope: ... }` rule, and a `{ limit, windowMs }`
 * rule kept in a constant. Answers `line: code` for each.
 */
function literalLimits(source: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const call of source.matchAll(/(\.?)\b(consume|blocked|record|clear)\(/g)) {
    const args = argumentsAt(source, call.index + call[0].length);
    const method = call[1] === '.';
    if ((method && STRING_FIRST.test(args)) || INLINE_RULE.test(args)) {
      found.push(`${lineOf(call.index)}: ${call[0]}${args.replace(/\s+/g, ' ')})`);
    }
  }
  for (const object of source.matchAll(/\{[^{}]*\}/g)) {
    if (/\blimit\s*:/.test(object[0]) && /\bwindowMs\s*:/.test(object[0])) {
      found.push(`${lineOf(object.index)}: ${object[0].replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

describe('rate limits', () => {
  it('gives every entry its own scope (the store key)', () => {
    const scopes = Object.values(rateLimits).map((rule) => rule.scope);
    expect(scopes.length).toBeGreaterThan(20);
    expect(new Set(scopes).size).toBe(scopes.length);
    for (const rule of Object.values(rateLimits)) {
      expect(rule.scope).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(rule.windowMs).toBeGreaterThan(0);
      expect(rule.why.length).toBeGreaterThan(10);
      if ('limit' in rule) expect(Number.isInteger(rule.limit) && rule.limit > 0).toBe(true);
    }
  });

  it('finds a literal scope or rule however it is written', () => {
    expect(literalLimits(`await deps.limiter.consume('report', user.id, rule);`)).toHaveLength(1);
    expect(literalLimits('await limiter.blocked(`verify-ip`, ip, 50);')).toHaveLength(1);
    expect(literalLimits(`await limiter.record("signin-ip", ip, 900_000);`)).toHaveLength(1);
    expect(literalLimits(`await limiter.clear('signin-fail', email);`)).toHaveLength(1);
    expect(
      literalLimits(`const wait = await deps.limiter.consume(rateLimits.x.scope, user.id, {
        limit: messageLimits.perMinute,
        windowMs: 60_000,
      });`),
    ).toHaveLength(2);
    expect(literalLimits(`consume(limiter, { scope: 'x', limit: 1, windowMs: 1 }, id);`)).toHaveLength(2);
    expect(literalLimits(`const PER_IP = { limit: 10, windowMs: HOUR };`)).toHaveLength(1);
    expect(literalLimits(`const PER_IP = { windowMs: HOUR, limit: 10 };`)).toHaveLength(1);
    expect(
      literalLimits(`await consume(limiter, rateLimits.signUpPerIp, body.email.toLowerCase());`),
    ).toEqual([]);
    expect(literalLimits(`const stored = await r.events.record(event); cache.clear();`)).toEqual([]);
  });

  it('is the only place a service or route sets one', () => {
    const files = [...sources('services'), ...sources('routes')];
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      literalLimits(readFileSync(`${server}${file}`, 'utf8')).map((hit) => `server/${file}:${hit}`),
    );
    expect(offenders, 'add the limit to server/lib/rate-limits.ts and use its entry').toEqual([]);
  });
});
