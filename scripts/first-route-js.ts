/**
 * npm run size:web: the JavaScript (gzipped) each public first page needs, from the last
 * `npm run build`: the entry of dist/web/index.html and every chunk it and the page's route module
 * import statically (docs/decisions/0032). The same on every run, unlike Lighthouse's times; scripts a
 * page loads later (`lazy()`, `import()`) are not counted here, `npm run bench:web` counts them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TARGET_KB = 100;
const dist = fileURLToPath(new URL('../dist/web', import.meta.url));
const assets = path.join(dist, 'assets');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('No dist/web/index.html: run `npm run build` first.');
  process.exit(1);
}

const entry = /src="\/assets\/(index-[^"]+\.js)"/.exec(
  readFileSync(path.join(dist, 'index.html'), 'utf8'),
)?.[1];
if (!entry) throw new Error('dist/web/index.html names no entry script');
const chunks = readdirSync(assets).filter((file) => file.endsWith('.js'));

/** Chunks a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`, re-exports). */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["']\.\/([^"']+\.js)["']/g);
  return [...new Set([...found].map((match) => match[1] ?? ''))].filter(Boolean);
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

const gzipped = (files: Set<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file))).length, 0) / 1024;

const routes = [
  { name: 'Home', module: 'home' },
  { name: 'Discover', module: 'discover' },
  { name: 'Profile', module: 'public-profile' },
];
console.info(`the app's frame: ${gzipped(closure([entry])).toFixed(1)} KB gzipped`);
for (const route of routes) {
  const chunk = chunks.find((file) => new RegExp(`^${route.module}-[\\w-]{8}\\.js$`).test(file));
  if (!chunk) throw new Error(`no chunk for web/app/routes/${route.module}.tsx`);
  const kb = gzipped(closure([entry, chunk]));
  console.info(
    `${route.name}: ${kb.toFixed(1)} KB gzipped (target <= ${TARGET_KB} KB) ${kb <= TARGET_KB ? 'PASS' : 'MISS'}`,
  );
}
