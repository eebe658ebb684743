import fs from 'node:fs';
import path from 'node:path';

/**
 * index.html as sent for each signed-in path: the build's `route-preloads.json` (apps/web/vite.config.ts) names
 * the chunks a path opens with (the signed-in frame and the screen), and the page lists them as
 * `<link rel="modulepreload">` so a phone downloads them beside the entry script instead of after it has run
 * (issue 16, decision 0099). Built once at start-up; a path whose first segment is not listed, or a build
 * without the file, gets index.html as it is.
 */
export function routePages(webDir: string): (urlPath: string) => string | undefined {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const listFile = path.join(webDir, 'route-preloads.json');
  if (!fs.existsSync(listFile) || !html.includes('</head>')) return () => undefined;
  const lists = JSON.parse(fs.readFileSync(listFile, 'utf8')) as Record<string, string[]>;
  const pages = new Map<string, string>();
  for (const [segment, files] of Object.entries(lists)) {
    // Only the build's own hashed files under assets/, so nothing else can be written into the page.
    const links = files
      .filter((file) => /^assets\/[\w.-]+\.js$/.test(file))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
      .join('');
    pages.set(segment, html.replace('</head>', `\n${links}  </head>`));
  }
  return (urlPath) => pages.get(urlPath.split('/')[1] ?? '');
}
