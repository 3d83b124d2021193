import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, as docs/ARCHITECTURE.md draws them: services return facts and never shape
 * an answer (the endpoints call the presenters), and repositories know nothing above them.
 */
const root = import.meta.dirname;

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(folder, file));
}

/** Each file's imports (static and dynamic) that resolve into one of the given server folders. */
function importsInto(files: string[], folders: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.relative(root, path.resolve(path.dirname(path.join(root, file)), match[1] ?? ''));
      if (folders.some((folder) => target.startsWith(`${folder}/`))) found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

describe('the server’s layers', () => {
  it('services never import a presenter', () => {
    expect(importsInto(sources('services'), ['presenters'])).toEqual([]);
  });

  it('repositories never import a service, a presenter, a policy or a route', () => {
    expect(importsInto(sources('repositories'), ['services', 'presenters', 'policies', 'routes'])).toEqual(
      [],
    );
  });
});
