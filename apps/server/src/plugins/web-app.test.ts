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
