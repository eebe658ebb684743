import fs from 'node:fs';
import path from 'node:path';

const BOOT_DATA = /(<script type="application\/json" id="boot-data">)(.*?)(<\/script>)/;

/**
 * The page with `files` (site paths) added to its start-up script's list (decision 0101), which asks for them
 * beside the entry. Undefined for a page without that list (not built by this app's build).
 */
function withPreloads(html: string, files: string[], catalogs: Record<string, string[]>): string | undefined {
  const boot = BOOT_DATA.exec(html);
  if (!boot) return undefined;
  const data = JSON.parse(boot[2]) as { preload?: string[] };
  const preload = [...new Set([...(data.preload ?? []), ...files])];
  const lists = Object.keys(catalogs).length > 0 ? { catalogs } : {};
  // JSON of hashed file names under /assets/ only: nothing in it can end the script element.
  return html.replace(BOOT_DATA, (_m, open: string, _json: string, close: string) => `${open}${JSON.stringify({ ...data, preload, ...lists })}${close}`);
}

/** Only the build's own hashed scripts under assets/, as site paths: nothing else can be written into the page. */
function ownFiles(files: unknown): string[] {
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file)).map((file) => `/${file}`) : [];
}

/** A segment's first catalogs per language, from the build's `route-catalogs.json` (languages are lower-case codes). */
function catalogsOf(lists: Record<string, unknown> | undefined, segment: string): Record<string, string[]> {
  const perLanguage = lists?.[segment];
  if (!perLanguage || typeof perLanguage !== 'object') return {};
  return Object.fromEntries(Object.entries(perLanguage).filter(([language]) => /^[a-z]{2,3}$/.test(language)).map(([language, files]) => [language, ownFiles(files)]));
}

/**
 * index.html as sent for each signed-in path: the build's `route-preloads.json` (apps/web/vite.config.ts) names
 * the chunks a path opens with (the signed-in frame and the screen), and the page lists them for its start-up
 * script (withPreloads) so a phone downloads them beside the entry script instead of after it has run
 * (decisions 0099, 0101). The build's `shell.html`, the frame's skeleton, fills the page's root element, so
 * the frame is drawn before any script has run; React replaces it (decision 0100). The build's `route-catalogs.json`
 * names the first screen's message catalogs per language, which the start-up script fetches in the language the app
 * starts in (decision 0345). Register is a guest screen:
 * no frame. Built once at start-up; a path whose first segment is not listed, or a build without the file or
 * the start-up list, gets index.html as it is.
 */
export function routePages(webDir: string): (urlPath: string) => string | undefined {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const listFile = path.join(webDir, 'route-preloads.json');
  if (!fs.existsSync(listFile) || !BOOT_DATA.test(html)) return () => undefined;
  const lists = JSON.parse(fs.readFileSync(listFile, 'utf8')) as Record<string, string[]>;
  // The first screen's catalogs per language (decision 0345); a build without the file has the app ask for them.
  const catalogFile = path.join(webDir, 'route-catalogs.json');
  const catalogs = fs.existsSync(catalogFile) ? (JSON.parse(fs.readFileSync(catalogFile, 'utf8')) as Record<string, unknown>) : undefined;
  const shellFile = path.join(webDir, 'shell.html');
  const shell = fs.existsSync(shellFile) ? fs.readFileSync(shellFile, 'utf8').trim() : '';
  const pages = new Map<string, string>();
  for (const [segment, files] of Object.entries(lists)) {
    let page = withPreloads(html, ownFiles(files), catalogsOf(catalogs, segment)) ?? html;
    if (segment !== 'register' && shell.startsWith('<div')) page = page.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
    pages.set(segment, page);
  }
  return (urlPath) => pages.get(urlPath.split('/')[1] ?? '');
}
