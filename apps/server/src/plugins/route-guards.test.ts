import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIDENTIAL_TABLES } from '../../../../scripts/eslint-house-rules.js';
import { createTestApp, type TestApp } from '../../test/harness';
import { ENCRYPTED_COLUMNS } from '../lib/encrypted-columns';
import { routesOf } from './input-guards';

// What the lint rules of docs/architecture.md#checked cannot see in the text, checked on the running app
// (decision 0355): every /api route as registered, however its options were built, says who may call it; and the
// confidential tables the lint rule guards include every table with an encrypted column.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('who may call a route', () => {
  it('every /api route has a preHandler or is marked public, and only health, ready, login and register are public', () => {
    const api = routesOf(t.app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(100);
    const unguarded = api.filter((r) => !r.options.preHandler && !r.options.config?.public).map((r) => `${r.methods.join(',')} ${r.url}`);
    expect(unguarded).toEqual([]);
    const open = [...new Set(api.filter((r) => r.options.config?.public).map((r) => r.url))].sort();
    expect(open).toEqual(['/api/health', '/api/login', '/api/ready', '/api/register']);
  });
});

describe('confidential tables', () => {
  it('the lint rule guards every table that holds an encrypted column', () => {
    const encrypted = [...new Set(Object.values(ENCRYPTED_COLUMNS).map((c) => c.table))];
    expect(encrypted.length).toBeGreaterThan(5);
    // The pawners' ID numbers and the lending fields' conflicts are encrypted at rest (decision 0367) but are the
    // lending book, read with the lending permissions, not the client record.
    const lendingBook = ['customers', 'lending_field_conflicts'];
    expect(encrypted.filter((table) => !CONFIDENTIAL_TABLES.includes(table) && !lendingBook.includes(table))).toEqual([]);
  });
});
