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
const chunksFlag = process.argv.indexOf('--chunks');
const listModules = chunksFlag !== -1;
const topModules = Number(process.argv[chunksFlag + 1]) || 15;
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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The source field of each segment of one line of a source map's `mappings` (VLQ, base 64). */
function decodeLine(line: string, state: { source: number }): { column: number; source: number }[] {
  const segments: { column: number; source: number }[] = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
        continue;
      }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    column += fields[0] ?? 0;
    if (fields.length > 1) state.source += fields[1] ?? 0;
    segments.push({ column, source: fields.length > 1 ? state.source : -1 });
  }
  return segments;
}

/** The minified code of each source module in the chunks, from their source maps. */
function codeByModule(files: Set<string>): Map<string, string> {
  const byModule = new Map<string, string>();
  for (const file of files) {
    const mapFile = path.join(assets, `${file}.map`);
    const code = readFileSync(path.join(assets, file), 'utf8').split('\n');
    if (!existsSync(mapFile)) {
      byModule.set(`(${file}, no source map)`, code.join('\n'));
      continue;
    }
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    const state = { source: 0 };
    map.mappings.split(';').forEach((line, index) => {
      const text = code[index] ?? '';
      const segments = decodeLine(line, state);
      segments.forEach((segment, at) => {
        const end = segments[at + 1]?.column ?? text.length;
        const source = segment.source === -1 ? `(${file}, generated)` : (map.sources[segment.source] ?? '?');
        const name = source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
        byModule.set(name, (byModule.get(name) ?? '') + text.slice(segment.column, end));
      });
    });
  }
  return byModule;
}

function printModules(files: Set<string>) {
  const modules = [...codeByModule(files)]
    .map(([name, code]) => ({ name, bytes: code.length, gzip: gzipSync(code).length }))
    .sort((a, b) => b.gzip - a.gzip);
  for (const module of modules.slice(0, topModules)) {
    console.info(
      `  ${(module.gzip / 1024).toFixed(1).padStart(6)} KB gz ${(module.bytes / 1024).toFixed(1).padStart(7)} KB  ${module.name}`,
    );
  }
}

/** The chunk holding a source module, by the build's source maps (vite.config.ts groups modules). */
function chunkOf(source: string): string | undefined {
  return chunks.find((file) => {
    const mapFile = path.join(assets, `${file}.map`);
    if (!existsSync(mapFile)) return false;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources.some((name) => name.endsWith(`/${source}`));
  });
}

const routes = [
  { name: 'Home', module: 'home' },
  { name: 'Discover', module: 'discover' },
  { name: 'Profile', module: 'public-profile' },
];
const frame = closure([entry]);
console.info(`the app's frame: ${gzipped(frame).toFixed(1)} KB gzipped`);
if (listModules) printModules(frame);
for (const route of routes) {
  const chunk = chunkOf(`web/app/routes/${route.module}.tsx`);
  if (!chunk) throw new Error(`no chunk for web/app/routes/${route.module}.tsx`);
  const files = closure([entry, chunk]);
  const kb = gzipped(files);
  console.info(
    `${route.name}: ${kb.toFixed(1)} KB gzipped (target <= ${TARGET_KB} KB) ${kb <= TARGET_KB ? 'PASS' : 'MISS'}`,
  );
  if (listModules) printModules(new Set([...files].filter((file) => !frame.has(file))));
}
