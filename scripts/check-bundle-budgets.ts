// Checks the built web app (apps/web/dist) against scripts/bundle-budgets.ts: the entry script, everything the
// sign-in page downloads (as Lighthouse counts it, decision 0288), and what each signed-in path's page preloads
// beside the entry. Sizes are brotli at the quality the build's copies use (scripts/compress-dist.mjs). Prints a
// table and exits 1 when a budget is exceeded: `npx tsx scripts/check-bundle-budgets.ts [distDir]` (.ci/run runs
// it after the build).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { BUDGETS_KB } from './bundle-budgets';

export interface Budgets {
  login: number;
  entry: number;
  screens: Record<string, number>;
  otherScreen: number;
}

export interface Measure {
  name: string;
  files: string[];
  kb: number;
  budgetKb: number;
}

/**
 * The response headers of one request as the server sends a built file (status line, security headers, caching,
 * encoding): 200-860 bytes each when measured in Chromium, ~350 on average over the sign-in page's requests once
 * the page-only headers left its stylesheet, scripts and manifest (decision 0288). Lighthouse's transfer total
 * counts them; a file's bytes alone do not. Rounded up, so the check says a little more than Lighthouse.
 */
export const HEADER_BYTES = 450;

function brotliKb(file: string): number {
  const raw = fs.readFileSync(file);
  const size = zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  }).length;
  return size / 1024;
}

/** What the server sends for a file: the build's brotli copy when it made one (larger files), else the file. */
function sentKb(file: string): number {
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size / 1024 : fs.statSync(file).size / 1024;
}

/**
 * Every request the sign-in page makes, as Lighthouse counts it (decision 0288): the page, its stylesheet, the
 * entry script and the chunks it imports statically (the bundler's runtime), the sign-in page's message catalog
 * (the larger of its languages), any image of the build the script or the stylesheet names by its address (the
 * sign-in frame's were two requests before they were inlined), the manifest and the install icon Chromium fetches.
 */
function loginRequests(dist: string, entry: string, css: string): string[] {
  const code = fs.readFileSync(path.join(dist, entry), 'utf8');
  const dir = path.posix.dirname(entry);
  const imports = [...code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => `${dir}/${m[1]}`);
  const catalogs = [...code.matchAll(/"\.\.\/i18n\/\w+\/auth\.json":[^`]*`\.\/([\w.-]+\.js)`/g)].map((m) => `${dir}/${m[1]}`);
  if (catalogs.length === 0) throw new Error('the entry script names no sign-in catalog (i18n/<language>/auth.json)');
  const largest = catalogs.reduce((a, b) => (sentKb(path.join(dist, a)) >= sentKb(path.join(dist, b)) ? a : b));
  const named = [code, fs.readFileSync(path.join(dist, css), 'utf8')].flatMap((text) => [...text.matchAll(/["'`(](\/[\w/.-]+\.(?:svg|png|webp|jpe?g|gif))["'`)]/g)].map((m) => m[1]));
  const images = [...new Set(named)].filter((url) => fs.existsSync(path.join(dist, url)));
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'manifest.webmanifest'), 'utf8')) as { icons?: { src: string }[] };
  const icon = manifest.icons?.[0]?.src;
  return ['/index.html', css, entry, ...imports, largest, ...images, '/manifest.webmanifest', ...(icon ? [icon] : [])];
}

/** The page's start-up list (decision 0101): the entry script and the stylesheet, named in index.html. */
function bootData(html: string): { entry: string; css: string } {
  const json = /<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('index.html has no boot-data list: is this a build of apps/web?');
  const data = JSON.parse(json) as { entry?: string; css?: string };
  if (!data.entry || !data.css) throw new Error('index.html names no entry script or stylesheet');
  return { entry: data.entry, css: data.css };
}

/** Every measure of `dist` with its budget; the caller compares. */
export function measureBundle(dist: string, budgets: Budgets): Measure[] {
  const file = (url: string) => path.join(dist, url.replace(/^\//, ''));
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const { entry, css } = bootData(html);
  const sum = (files: string[]) => files.reduce((kb, f) => kb + brotliKb(file(f)), 0);
  const login = loginRequests(dist, entry, css);
  const loginKb = login.reduce((kb, f) => kb + sentKb(file(f)) + HEADER_BYTES / 1024, 0);
  const measures: Measure[] = [
    { name: 'entry script', files: [entry], kb: sum([entry]), budgetKb: budgets.entry },
    { name: '/login, every request with headers', files: login, kb: loginKb, budgetKb: budgets.login },
  ];
  const preloads = JSON.parse(fs.readFileSync(path.join(dist, 'route-preloads.json'), 'utf8')) as Record<string, string[]>;
  for (const [segment, names] of Object.entries(preloads)) {
    const files = names.map((n) => `/${n}`);
    measures.push({ name: `/${segment} first chunks`, files, kb: sum(files), budgetKb: budgets.screens[segment] ?? budgets.otherScreen });
  }
  return measures;
}

export function overBudget(measures: Measure[]): Measure[] {
  return measures.filter((m) => m.kb > m.budgetKb);
}

function main(): void {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist'));
  const measures = measureBundle(dist, BUDGETS_KB);
  console.log('Start-up budgets (KB brotli; scripts/bundle-budgets.ts):');
  for (const m of measures) {
    console.log(`  ${m.kb > m.budgetKb ? 'OVER' : 'ok  '}  ${m.name.padEnd(36)} ${m.kb.toFixed(1).padStart(6)} / ${String(m.budgetKb).padStart(3)}  (${m.files.length} files)`);
  }
  const over = overBudget(measures);
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((m) => `${m.name} ${m.kb.toFixed(1)} KB > ${m.budgetKb} KB`).join('; ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
