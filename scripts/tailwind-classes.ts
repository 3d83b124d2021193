/**
 * npm run gen:tailwind-classes: writes web/lib/tailwind-classes.ts, the part of tailwind-merge's
 * default configuration that the app's own classes use.
 *
 * `cn()` (web/lib/utils.ts) merges class lists with tailwind-merge's engine. Its default
 * configuration knows every Tailwind utility, and its tables were a tenth of the JavaScript of
 * every first page. The app uses a few hundred utilities, so the app's configuration keeps only
 * the class groups that one of them belongs to (with their conflicts and the theme scales they
 * read), copied from the default one. For every class in the app, each group it could belong to is
 * kept, so the engine finds the same group for it as with the default configuration.
 *
 * The class vocabulary is every word of every string in web/ (tests left out) that the default
 * configuration recognizes as a utility. scripts/tailwind-classes.test.ts merges every pair of them
 * both ways and fails, naming this script, when a class from a group not kept has come in.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';

const root = fileURLToPath(new URL('..', import.meta.url));
export const generatedFile = path.join(root, 'web/lib/tailwind-classes.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && file !== generatedFile ? [file] : [];
  });
}

/** Every word of a string in the web app's sources that tailwind-merge takes for a utility. */
export function vocabulary(): string[] {
  const words = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'web'))) {
    const source = readFileSync(file, 'utf8');
    // The words of quoted strings on one line and of template strings, and (so that a quote in
    // text cannot hide a class) the source split at spaces and quotes.
    const strings = source.matchAll(/(['"])((?:(?!\1)[^\\\n]|\\.)*)\1|`((?:[^\\`]|\\.)*)`/g);
    const texts = [...strings].map(([, , quoted, template]) => quoted ?? template ?? '');
    const pieces = [...texts.flatMap((text) => text.split(/[\s${}]+/)), ...source.split(/[\s'"`${}]+/)];
    for (const word of pieces) if (word.length > 0 && word.length < 120) words.add(word);
  }
  // Recognized: a utility given twice is merged to once; anything else is kept as it is.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

type Definition = string | ((value: string) => boolean) | { [part: string]: Definition[] };

/** The utility without its variants (`md:hover:`), outside brackets (`[&_a]:underline`). */
export function utilityOf(word: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i += 1) {
    const char = word[i];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) start = i + 1;
  }
  return word.slice(start).replace(/^!/, '');
}

type ClassGroups = Record<string, Definition[]>;

/** Which of `words` the default configuration's engine, given only `definition` as `group`, reads. */
function readBy(group: string, definition: Definition[], words: string[]): string[] {
  const alone = createTailwindMerge(() => ({
    ...getDefaultConfig(),
    classGroups: { [group]: definition },
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
  return words.filter((word) => alone(`${word} ${word}`) === word);
}

/**
 * The items of a group's definition that read one of `words`, in their order (`wrap` puts a
 * nested item back under its parts). Dropping the others changes nothing for those words: the
 * engine takes the first item, in this order, that reads a class.
 */
function prune(
  group: string,
  items: Definition[],
  words: string[],
  wrap: (items: Definition[]) => Definition[],
) {
  const kept: Definition[] = [];
  for (const item of items) {
    if (typeof item === 'object') {
      const parts: Record<string, Definition[]> = {};
      for (const [part, inner] of Object.entries(item)) {
        const keptInner = prune(group, inner, words, (nested) => wrap([{ [part]: nested }]));
        if (keptInner.length > 0) parts[part] = keptInner;
      }
      if (Object.keys(parts).length > 0) kept.push(parts);
    } else if (readBy(group, wrap([item]), words).length > 0) kept.push(item);
  }
  return kept;
}

/**
 * The class groups, of the default configuration, that some word of `words` belongs to, each with
 * only the items that read one of them. Arbitrary properties (`[paint-order:stroke]`) belong to no
 * group: the engine reads them itself.
 */
export function groupsUsed(allWords: string[]): ClassGroups {
  const words = allWords.filter((word) => !utilityOf(word).startsWith('['));
  const groups: ClassGroups = {};
  for (const [group, definition] of Object.entries(
    getDefaultConfig().classGroups as unknown as ClassGroups,
  )) {
    const read = readBy(group, definition, words);
    if (read.length > 0) groups[group] = prune(group, definition, read, (items) => items);
  }
  return groups;
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, validator]) => [validator, name]),
);

function write(definition: Definition | Definition[], themeKeys: Set<string>): string {
  if (Array.isArray(definition)) return `[${definition.map((item) => write(item, themeKeys)).join(', ')}]`;
  if (typeof definition === 'string') return JSON.stringify(definition);
  if (typeof definition === 'function') {
    const getter = definition as { isThemeGetter?: boolean; themeKey?: string };
    if (getter.isThemeGetter && getter.themeKey) {
      themeKeys.add(getter.themeKey);
      return `fromTheme(${JSON.stringify(getter.themeKey)})`;
    }
    const name = validatorNames.get(definition);
    if (!name) throw new Error(`a validator tailwind-merge does not export: ${definition.toString()}`);
    return `validators.${name}`;
  }
  return `{ ${Object.entries(definition)
    .map(([part, items]) => `${JSON.stringify(part)}: ${write(items, themeKeys)}`)
    .join(', ')} }`;
}

/** The source of web/lib/tailwind-classes.ts for these groups, formatted as the project formats. */
export function generate(groups: ClassGroups): string {
  const config = getDefaultConfig();
  const kept = new Set(Object.keys(groups));
  const themeKeys = new Set<string>();
  const classGroups = Object.entries(groups).map(
    ([group, definition]) => `    ${JSON.stringify(group)}: ${write(definition, themeKeys)},`,
  );
  const pick = (table: Record<string, readonly string[] | undefined>) =>
    Object.entries(table)
      .filter(([group]) => kept.has(group))
      .map(([group, others]) => [group, (others ?? []).filter((other) => kept.has(other))] as const)
      .filter(([, others]) => others.length > 0)
      .map(([group, others]) => `    ${JSON.stringify(group)}: ${JSON.stringify(others)},`);
  const theme = [...themeKeys]
    .sort()
    .map(
      (key) =>
        `    ${JSON.stringify(key)}: ${write((config.theme as unknown as Record<string, Definition[]>)[key] ?? [], new Set())},`,
    );
  const source = `// Written by \`npm run gen:tailwind-classes\` (scripts/tailwind-classes.ts) from tailwind-merge's
// default configuration: the class groups the app's classes use. Do not edit by hand.
import { type Config, fromTheme, validators } from 'tailwind-merge';

export const tailwindClasses = {
  cacheSize: 500,
  theme: {
${theme.join('\n')}
  },
  classGroups: {
${classGroups.join('\n')}
  },
  conflictingClassGroups: {
${pick(config.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${pick(config.conflictingClassGroupModifiers).join('\n')}
  },
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
  postfixLookupClassGroups: ${JSON.stringify((config.postfixLookupClassGroups ?? []).filter((group) => kept.has(group)))},
} as unknown as Config<string, string>;
`;
  return execFileSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['format', `--stdin-file-path=${generatedFile}`],
    {
      input: source,
      encoding: 'utf8',
    },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const words = vocabulary();
  const groups = groupsUsed(words);
  writeFileSync(generatedFile, generate(groups));
  console.info(
    `${path.relative(root, generatedFile)}: ${Object.keys(groups).length} class groups for ${words.length} classes`,
  );
}
