import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';

let app: FastifyInstance;
const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Category ${i}`, description: 'Stress and anxiety' }));

beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get('/api/big', async () => ({ data: rows }));
  app.get('/api/small', async () => ({ ok: true }));
  app.get('/api/calendar.ics', async (_req, reply) => reply.type('text/calendar; charset=utf-8').send('BEGIN:VCALENDAR\r\n'.repeat(200)));
  app.get('/api/already', async (_req, reply) => reply.header('content-encoding', 'gzip').type('application/json').send(zlib.gzipSync(JSON.stringify(rows))));
  await app.ready();
});
afterAll(() => app.close());

describe('API reply compression', () => {
  it('compresses JSON of 1 KB and more with brotli, or gzip, and says so in Vary', async () => {
    const br = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual({ data: rows });
    const gz = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual({ data: rows });
  });

  it('leaves small replies and clients that accept no encoding alone', async () => {
    const small = await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const plain = await app.inject({ method: 'GET', url: '/api/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ data: rows });
  });

  it('compresses a calendar file, and never compresses a reply twice', async () => {
    const ics = await app.inject({ method: 'GET', url: '/api/calendar.ics', headers: { 'accept-encoding': 'gzip' } });
    expect(ics.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(ics.rawPayload).toString()).toContain('BEGIN:VCALENDAR');
    const already = await app.inject({ method: 'GET', url: '/api/already', headers: { 'accept-encoding': 'gzip, br' } });
    expect(already.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(already.rawPayload).toString())).toEqual(rows);
  });
});
