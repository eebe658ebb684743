import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// The API reference others build clients from (decision 0195): /api/docs/json passes Redocly's recommended rules
// with nothing left over, and every operation says what it does, how a generator names it, and who may call it.
// The document linted is the one the server serves: the app built as main.ts builds it, with a web app to serve and
// the background workers, so a route those add (the page at /) is in it too.

type Operation = { summary?: string; operationId?: string; security?: Record<string, string[]>[] };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

let t: TestApp;
let webDir: string;
let source: string;
let doc: Document;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({}, { webDir, notificationWorker: true });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = JSON.parse(source) as Document;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function operations(): { where: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error and no warning", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // Client generators name their methods from it: required, not merely advised.
        'operation-operationId': 'error',
        // A private product: there is no licence to name.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({ source, absoluteRef: 'kalinga-openapi.json', config });
    const found = problems
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`)
      // /api/health answers 200 or 500 and /api/ready 200 or 503, nothing in between; the rule wants a 4XX on every operation.
      .filter((line) => !/^warn operation-4xx-response at #\/paths\/~1api~1(health|ready)\/get\//.test(line));
    expect(found).toEqual([]);
  }, 30_000);

  it('gives every operation a sentence of summary and a unique camelCase operationId', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = new Map<string, string>();
    for (const { where, op } of all) {
      expect(op.summary, where).toMatch(/^[A-Z].{8,}\.$/);
      expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(ids.get(op.operationId!), `${where} reuses the operationId of ${ids.get(op.operationId!)}`).toBeUndefined();
      ids.set(op.operationId!, where);
    }
  });

  it('declares security as the routes enforce it: none on the public ones, the bearer token and its 401 on the rest', async () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    const publicOnes = operations()
      .filter(({ op }) => op.security?.length === 0)
      .map(({ where }) => where)
      .sort();
    expect(publicOnes).toEqual(['GET /api/health', 'GET /api/ready', 'POST /api/login', 'POST /api/register']);
    for (const { where, op } of operations()) {
      if (publicOnes.includes(where)) continue;
      expect(op.security, where).toEqual([{ bearer: [] }]);
      expect((op as { responses?: Record<string, unknown> }).responses?.['401'], where).toBeDefined();
    }
    // What the document says is what the server does.
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('lists only the API: the served page and files are not operations of it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
