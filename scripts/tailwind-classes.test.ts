import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '../web/lib/utils.ts';
import { generate, generatedFile, groupsUsed, utilityOf, vocabulary } from './tailwind-classes.ts';

describe('the app class merge (web/lib/tailwind-classes.ts)', () => {
  const words = vocabulary();

  it('merges every pair of the app classes as tailwind-merge with its default configuration does', () => {
    // Pairs are enough: a class is dropped when a later one kept conflicts with it, so two lists
    // merge alike when every pair does.
    expect(words.length).toBeGreaterThan(500);
    // Variants (`hover:`, `md:`) and `!` are read by the engine itself, the same in both: each
    // utility once is enough.
    const utilities = [...new Set(words.map(utilityOf))];
    const different: string[] = [];
    for (const first of utilities) {
      for (const second of utilities) {
        const list = `${first} ${second}`;
        const expected = twMerge(list);
        if (cn(list) !== expected && different.length < 20)
          different.push(`"${list}": "${cn(list)}", expected "${expected}"`);
      }
    }
    expect(
      different,
      'a class from a group the app configuration leaves out: run npm run gen:tailwind-classes',
    ).toEqual([]);
  }, 120_000);

  it('is the file the generator writes today', () => {
    expect(
      readFileSync(generatedFile, 'utf8') === generate(groupsUsed(words)),
      'web/lib/tailwind-classes.ts is out of date: run npm run gen:tailwind-classes',
    ).toBe(true);
  });
});
