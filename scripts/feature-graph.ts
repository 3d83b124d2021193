/**
 * node scripts/feature-graph.ts: the import graph between the folders of web/features, and any cycle.
 *
 * Biome's noImportCycles sees cycles between modules; a loop between features can pass through
 * different files of each (A/x -> B/index -> B/y -> A/index) and form no module cycle, so this
 * script checks the features themselves (docs/ARCHITECTURE.md, "The web app"). It counts static and
 * dynamic imports and re-exports, written relative or as '@/features/<name>', of production code
 * (tests and a feature's test/ builders may import across features). It exits non-zero when features
 * form a cycle, when a feature imports another feature's inner files instead of its index.ts, or
 * when a feature imports web/app (pages compose features, never the reverse).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../web', import.meta.url));
const features = path.join(web, 'features');

const isProduction = (file: string) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('test');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return isProduction(full) ? [full] : [];
  });
}

/** Every module specifier a file names: import/export ... from, import '...', import('...'). */
export function specifiers(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = withoutComments.matchAll(
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g,
  );
  return [...found].map((match) => match[1] ?? match[2] ?? '');
}

/** The web/-relative path an import reaches, or null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.relative(web, path.resolve(path.dirname(file), specifier));
  return null;
}

interface Edge {
  from: string;
  to: string;
  imports: number;
  /** The importing files (web/-relative). */
  files: string[];
}

const featureOf = (webPath: string) => /^features\/([^/]+)/.exec(webPath.split(path.sep).join('/'))?.[1];

export function featureGraph() {
  const names = readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const edges = new Map<string, Edge>();
  const inner: string[] = [];
  const upward: string[] = [];
  for (const name of names) {
    for (const file of sourceFiles(path.join(features, name))) {
      const where = path.relative(web, file);
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        const reached = target(file, specifier);
        if (reached === null) continue;
        const posix = reached.split(path.sep).join('/');
        if (posix.startsWith('app/')) upward.push(`${where} -> ${specifier}`);
        const other = featureOf(reached);
        if (!other || other === name) continue;
        if (!/^features\/[^/]+(\/index\.tsx?)?$/.test(posix)) inner.push(`${where} -> ${specifier}`);
        const key = `${name} -> ${other}`;
        const edge = edges.get(key) ?? { from: name, to: other, imports: 0, files: [] };
        edge.imports += 1;
        if (!edge.files.includes(where)) edge.files.push(where);
        edges.set(key, edge);
      }
    }
  }
  return { names, edges: [...edges.values()], cycles: cyclesOf(names, [...edges.values()]), inner, upward };
}

/** Strongly connected components with more than one feature (Tarjan). */
function cyclesOf(names: string[], edges: Edge[]): string[][] {
  const next = new Map(names.map((name) => [name, edges.filter((e) => e.from === name).map((e) => e.to)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) components.push(component.sort());
  };
  for (const name of names) if (!index.has(name)) visit(name);
  return components;
}

if (import.meta.main) {
  const { names, edges, cycles, inner, upward } = featureGraph();
  const imports = edges.reduce((sum, edge) => sum + edge.imports, 0);
  for (const name of names) {
    const out = edges.filter((edge) => edge.from === name).map((edge) => `${edge.to} (${edge.imports})`);
    console.info(`${name} -> ${out.join(', ') || '-'}`);
  }
  const inCycles = new Set(cycles.flat()).size;
  console.info(
    `\n${names.length} features, ${edges.length} feature-to-feature edges (${imports} imports), ` +
      `${cycles.length} cycle(s) joining ${inCycles} features.`,
  );
  for (const cycle of cycles) {
    console.error(`cycle: ${cycle.join(', ')}`);
    for (const edge of edges.filter((e) => cycle.includes(e.from) && cycle.includes(e.to)))
      console.error(`  ${edge.from} -> ${edge.to}: ${edge.files.join(', ')}`);
  }
  for (const line of inner) console.error(`imports another feature's inner file: ${line}`);
  for (const line of upward) console.error(`a feature imports web/app: ${line}`);
  if (cycles.length + inner.length + upward.length > 0) {
    console.error('Features compose in web/app; another feature only through its index.ts, without cycles.');
    process.exit(1);
  }
}
