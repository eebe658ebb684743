import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerNotFound, registerWebApp } from './web-app';

let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Kalinga"}');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  app = Fastify();
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

  it('never answers /api or /uploads with the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/uploads/missing' })).statusCode).toBe(404);
  });
});
