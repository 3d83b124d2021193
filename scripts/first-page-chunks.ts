/**
 * How the browser build (vite.config.ts) groups the code of the first pages (docs/decisions/0032).
 *
 * Left to itself, the bundler makes one chunk per set of pages that share a module, so Discover
 * loaded some 35 chunks besides the frame, most of them a few hundred bytes (an icon, a helper):
 * gzipped one by one they weighed about 7 KB more than together, and each is a request. Here the
 * modules a first page imports statically (and the frame does not) go into one chunk per set of
 * first pages that use them: at most one for Home, Discover or a profile alone, and one each shared
 * by two or three of them. Another page that needs one of these modules loads its chunk.
 *
 * A module that only re-exports (a feature's index.ts, lucide-react's icon list) offers much a page
 * does not use: through one, only the names the importing module imports are followed, so the
 * page's chunks hold only what it runs.
 */
import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: string[] } | null;
}

interface Parsed {
  /** Specifier -> the names imported from it ('*' for a namespace or a side-effect import). */
  imports: Map<string, Set<string>>;
  /** Exported name -> [specifier, name there]: `export { a as b } from`, or an import exported again. */
  reexports: Map<string, [string, string]>;
  /** `export * from` specifiers. */
  stars: string[];
  /** Nothing but imports and exports: a module to go through by name. */
  barrel: boolean;
}

const parsed = new Map<string, Parsed>();

function parse(id: string, code: string): Parsed {
  const known = parsed.get(id);
  if (known) return known;
  const imports = new Map<string, Set<string>>();
  const reexports = new Map<string, [string, string]>();
  const stars: string[] = [];
  const local = new Map<string, [string, string]>();
  const add = (specifier: string, name: string) => {
    imports.set(specifier, (imports.get(specifier) ?? new Set()).add(name));
  };
  const pairs = (list: string) =>
    list
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => {
        const [first = '', second] = part.split(/\s+as\s+/);
        return [first, second ?? first] as const;
      });
  const statement =
    /(import|export)\s*(type\s+)?([\w$]+\s*,\s*)?(\{[^}]*\}|\*\s*as\s+[\w$]+|\*|[\w$]+)?\s*(?:from\s*)?["']([^"']+)["'];?|export\s*\{([^}]*)\};?/g;
  let rest = code;
  for (const match of code.matchAll(statement)) {
    rest = rest.replace(match[0], '');
    const [, kind, typeOnly, defaultPart, what = '', specifier = '', exported] = match;
    if (exported !== undefined) {
      for (const [name, as] of pairs(exported)) {
        const from = local.get(name);
        if (from) reexports.set(as, from);
      }
      continue;
    }
    if (typeOnly) continue;
    if (kind === 'import') {
      if (defaultPart) {
        add(specifier, 'default');
        local.set(defaultPart.replace(',', '').trim(), [specifier, 'default']);
      }
      if (what.startsWith('{')) {
        for (const [name, as] of pairs(what.slice(1, -1))) {
          add(specifier, name);
          local.set(as, [specifier, name]);
        }
      } else if (what.startsWith('*') || what === '') add(specifier, '*');
      else {
        add(specifier, 'default');
        local.set(what, [specifier, 'default']);
      }
    } else if (what.startsWith('{')) {
      for (const [name, as] of pairs(what.slice(1, -1))) {
        add(specifier, name);
        reexports.set(as, [specifier, name]);
      }
    } else if (what === '*') {
      add(specifier, '*');
      stars.push(specifier);
    } else add(specifier, '*');
  }
  const leftover = rest
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/["']use strict["'];?/, '')
    .trim();
  const result = { imports, reexports, stars, barrel: leftover === '' };
  parsed.set(id, result);
  return result;
}

/** The module a specifier of `from` names, among the modules it imports. */
function resolve(from: string, specifier: string, importedIds: string[]): string | undefined {
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(from), specifier);
    return importedIds.find((id) => id === target || id.startsWith(`${target}?`));
  }
  return importedIds.find((id) => id.includes(`/node_modules/${specifier}/`));
}

/** Modules `root` imports statically, through re-exporting modules by name only. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const seenNames = new Set<string>();
  const stack: [string, string][] = [[root, '*']];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [id, name] = item;
    const info = graph.getModuleInfo(id);
    const module = info ? parse(id, info.code ?? '') : undefined;
    if (!info || !module) {
      seen.add(id);
      continue;
    }
    if (module.barrel && name !== '*') {
      if (seenNames.has(`${id}\n${name}`)) continue;
      seenNames.add(`${id}\n${name}`);
      // Not the module itself: put in a page's chunk, it would bring every module it re-exports.
      const from = module.reexports.get(name);
      const targets = from ? [from] : module.stars.map((specifier) => [specifier, name] as [string, string]);
      for (const [specifier, there] of targets) {
        const target = resolve(id, specifier, info.importedIds);
        if (target) stack.push([target, there]);
      }
      continue;
    }
    if (seen.has(id) && seenNames.has(`${id}\n*`)) continue;
    seen.add(id);
    seenNames.add(`${id}\n*`);
    for (const [specifier, names] of module.imports) {
      const target = resolve(id, specifier, info.importedIds);
      if (!target) continue;
      for (const imported of names) stack.push([target, imported]);
    }
    // Imports the code reads but the parser did not see (none expected): followed whole.
    const named = new Set(
      [...module.imports.keys()].map((specifier) => resolve(id, specifier, info.importedIds)),
    );
    for (const imported of info.importedIds) if (!named.has(imported)) stack.push([imported, '*']);
  }
  return seen;
}

/**
 * A code-splitting group: each module the first pages import statically, and the frame (`entry`)
 * does not, named after the first pages that use it (`first-discover+public-profile`).
 */
export function firstPageChunks(entry: string, pages: Record<string, string>) {
  let owners: Map<string, string> | undefined;
  return {
    name(id: string, graph: ModuleGraph): string | null {
      if (!owners) {
        owners = new Map();
        const frame = staticClosure(graph, entry);
        const byModule = new Map<string, string[]>();
        for (const [page, file] of Object.entries(pages)) {
          for (const module of staticClosure(graph, file)) {
            if (frame.has(module)) continue;
            byModule.set(module, [...(byModule.get(module) ?? []), page]);
          }
        }
        for (const [module, users] of byModule) owners.set(module, `first-${users.join('+')}`);
      }
      return owners.get(id) ?? null;
    },
  };
}
