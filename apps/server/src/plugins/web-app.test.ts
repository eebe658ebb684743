import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';
import { registerNotFound, registerWebApp } from './web-app';

const BIG_JS = 'export const words = ['.concat(Array.from({ length: 400 }, (_, i) => `"word${i}"`).join(','), '];\n');
/** A 1x1 PNG padded past the compression threshold. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]);

let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Kalinga"}');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  // A built chunk with the build's compressed copies (scripts/compress-dist.mjs), and an image without any.
  fs.writeFileSync(path.join(webDir, 'assets', 'app-def456.js'), BIG_JS);
  fs.writeFileSync(path.join(webDir, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-def456.js.gz'), zlib.gzipSync(BIG_JS));
  fs.writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync('<!doctype html><div id="root"></div>'));
  fs.writeFileSync(path.join(webDir, 'logo.png'), PNG);
  app = Fastify();
  await registerCompression(app);
  await registerWebApp(app, webDir);
  registerNotFound(app, webDir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves /sw.js and the manifest with no-cache and their content types, so a new version is found', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed assets for a year and the page revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators or ranges (decision 0390); the page keeps them.
    expect(asset.headers).not.toHaveProperty('etag');
    expect(asset.headers).not.toHaveProperty('last-modified');
    expect(asset.headers).not.toHaveProperty('accept-ranges');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const route = await app.inject({ method: 'GET', url: '/categories' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toContain('id="root"');
  });

  it('sends the build\'s brotli or gzip copy to a browser that takes it, the plain file otherwise', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Compressed once, at build time: the body is the .br file and decodes to the original.
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(Number(br.headers['content-length'])).toBe(fs.statSync(path.join(webDir, 'assets', 'app-def456.js.br')).size);
    const gz = await app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await app.inject({ method: 'GET', url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    // A screen's URL gets the compressed page too, still revalidated.
    const route = await app.inject({ method: 'GET', url: '/categories', headers: { 'accept-encoding': 'br' } });
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('never compresses an image', async () => {
    const png = await app.inject({ method: 'GET', url: '/logo.png', headers: { 'accept-encoding': 'gzip, br' } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.equals(PNG)).toBe(true);
  });

  it('never answers /api or /uploads with the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/uploads/missing' })).statusCode).toBe(404);
  });
});

describe('each signed-in path\'s page preloads the code it opens with (decisions 0099, 0101)', () => {
  // As built: the start-up script's list (vite.config.ts bootLoader); past the 1 KB compression threshold.
  const BOOT = '{"entry":"/assets/index-abc.js","css":"/assets/index-c.css","preload":["/assets/rolldown-runtime-r.js"]}';
  const PAGE = `<!doctype html><html><head><meta charset="UTF-8" /><script type="application/json" id="boot-data">${BOOT}</script><meta name="description" content="${'Kalinga '.repeat(150)}"></head><body><div id="root"></div></body></html>`;
  const SHELL = '<div class="flex min-h-screen"><main>frame skeleton</main></div>';
  let routed: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
    const lists = {
      '': ['assets/layout-a1.js', 'assets/appointments-page-b2.js'],
      appointments: ['assets/layout-a1.js', 'assets/appointments-page-b2.js'],
      reports: ['assets/layout-a1.js', 'assets/reports-page-c3.js', 'https://elsewhere.example/x.js', 'assets/"><script>x</script>.js'],
      register: ['assets/register-page-d4.js'],
    };
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(lists));
    // The first screen's catalogs per language (decision 0345), with addresses and a language key that are not the build's.
    const catalogs = {
      reports: { en: ['assets/frame-en1.js', 'assets/reports-en2.js'], fil: ['assets/frame-fil1.js', 'https://elsewhere.example/y.js', 'assets/"><script>y</script>.js'], 'x"><script>': ['assets/a.js'] },
    };
    fs.writeFileSync(path.join(dir, 'route-catalogs.json'), JSON.stringify(catalogs));
    fs.writeFileSync(path.join(dir, 'shell.html'), `${SHELL}\n`);
    routed = Fastify();
    await registerCompression(routed);
    await registerWebApp(routed, dir);
    registerNotFound(routed, dir);
    await routed.ready();
  });
  afterAll(async () => {
    await routed.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const bootData = (html: string) => JSON.parse(/id="boot-data">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as { entry: string; css: string; preload: string[] };
  const preloads = (html: string) => bootData(html).preload;
  const RUNTIME = '/assets/rolldown-runtime-r.js';

  it('lists the frame and the screen on the landing path, a screen and its sub-paths, revalidated and compressed', async () => {
    for (const url of ['/', '/appointments', '/appointments?status=pending']) {
      const res = await routed.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(preloads(res.body), url).toEqual([RUNTIME, '/assets/layout-a1.js', '/assets/appointments-page-b2.js']);
      expect(bootData(res.body)).toMatchObject({ entry: '/assets/index-abc.js', css: '/assets/index-c.css' });
      // The frame's skeleton fills the root (decision 0100); the page is otherwise unchanged around the list.
      expect(res.body).toContain(`<div id="root">${SHELL}</div>`);
      expect(res.body.replace(SHELL, '').replace(/(id="boot-data">).*?(<\/script>)/, `$1${BOOT}$2`)).toBe(PAGE);
      expect(res.body).not.toContain('modulepreload');
    }
    const br = await routed.inject({ method: 'GET', url: '/reports/daily', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(preloads(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual([RUNTIME, '/assets/layout-a1.js', '/assets/reports-page-c3.js']);
  });

  it('writes only the build\'s own asset files into the page, and nothing on paths the build did not list', async () => {
    const reports = await routed.inject({ method: 'GET', url: '/reports' });
    expect(reports.body).not.toContain('elsewhere.example');
    expect(reports.body).not.toContain('<script>x');
    expect(reports.body).not.toContain('<script>y');
    for (const url of ['/login', '/settings/users', '/nowhere']) {
      const res = await routed.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(PAGE);
    }
  });

  it("names the first screen's catalogs per language, only the build's own, and none on a path the list leaves out", async () => {
    const reports = bootData((await routed.inject({ method: 'GET', url: '/reports' })).body) as { catalogs?: Record<string, string[]> };
    expect(reports.catalogs).toEqual({ en: ['/assets/frame-en1.js', '/assets/reports-en2.js'], fil: ['/assets/frame-fil1.js'] });
    const appointments = bootData((await routed.inject({ method: 'GET', url: '/appointments' })).body) as { catalogs?: unknown };
    expect(appointments.catalogs).toBeUndefined();
  });

  it('draws no frame on the guest registration page', async () => {
    const res = await routed.inject({ method: 'GET', url: '/register' });
    expect(preloads(res.body)).toEqual([RUNTIME, '/assets/register-page-d4.js']);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('frame skeleton');
  });

  it('sends index.html as it is when the build wrote no list, or the page has no start-up list', async () => {
    const res = await app.inject({ method: 'GET', url: '/appointments' });
    expect(res.body).toBe('<!doctype html><div id="root"></div>');
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('<!doctype html><div id="root"></div>');
    const plainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-web-'));
    try {
      const plainPage = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
      fs.writeFileSync(path.join(plainDir, 'index.html'), plainPage);
      fs.writeFileSync(path.join(plainDir, 'route-preloads.json'), JSON.stringify({ categories: ['assets/categories-page-e5.js'] }));
      const plain = Fastify();
      await registerWebApp(plain, plainDir);
      registerNotFound(plain, plainDir);
      expect((await plain.inject({ method: 'GET', url: '/categories' })).body).toBe(plainPage);
      await plain.close();
    } finally {
      fs.rmSync(plainDir, { recursive: true, force: true });
    }
  });
});

