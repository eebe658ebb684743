// Renders the install icons (web app manifest) from apps/web/public/logo.svg with headless Chromium.
// Run once when the logo changes: `node scripts/render-icons.mjs`, then reduce them to a palette (a third of the
// bytes, no visible change; the sign-in page fetches icon-192.png, decision 0230):
// `pngquant --quality=80-95 --speed 1 --ext .png --force apps/web/public/icons/*.png`. The PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const logo = fs.readFileSync(path.join(publicDir, 'logo.svg'), 'utf8');
// Maskable: the launcher crops to its own shape, so the mark sits inside the middle 80% on a full-bleed square.
const heart = logo.match(/<path[^>]*\/>/)?.[0] ?? '';
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0f766e"/><g transform="translate(6.4 6.4) scale(0.8)">${heart}</g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  const data = Buffer.from(svg).toString('base64');
  await page.setContent(`<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}" style="display:block"></body></html>`);
  await page.waitForFunction(() => document.images[0]?.complete);
  await page.screenshot({ path: path.join(publicDir, 'icons', name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`apps/web/public/icons/${name}`);
}
await browser.close();
