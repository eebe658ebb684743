import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// A body the server refuses is answered with a status the client can read, even while it is still uploading
// (docs/decisions/0229-refused-bodies-readable.md).

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.close());

interface Outcome {
  status: number | null;
  body: string;
  error: string | null;
  written: boolean;
}

/** POSTs `size` bytes in 64 KB pieces a few milliseconds apart, as a slow uplink would, with Content-Length. */
function slowPost(url: string, size: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const out: Outcome = { status: null, body: '', error: null, written: false };
    const piece = Buffer.alloc(64 * 1024, 'a');
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: url, headers: { 'content-type': 'application/json', 'content-length': String(size) } }, (res) => {
      out.status = res.statusCode ?? null;
      res.on('data', (d: Buffer) => (out.body += d.toString()));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (out.error = e.code ?? e.message));
    req.on('close', () => setTimeout(() => resolve(out), 20));
    let sent = 0;
    const next = () => {
      if (req.destroyed) return;
      if (sent >= size) {
        out.written = true;
        req.end();
        return;
      }
      const n = Math.min(piece.length, size - sent);
      req.write(piece.subarray(0, n));
      sent += n;
      setTimeout(next, 2);
    };
    next();
  });
}

describe('a refused body', () => {
  it('5 MB sent slowly to POST /api/login from a throttled address: the client finishes and reads 413', async () => {
    const guess = { email: 'someone@example.test', password: 'not-the-password-1' };
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await t.app.inject({ method: 'POST', url: '/api/login', payload: guess, remoteAddress: '127.0.0.1' })).statusCode;
    expect(last).toBe(429);

    const out = await slowPost('/api/login', 5 * 1024 * 1024);
    expect(out.error).toBeNull();
    expect(out.written).toBe(true);
    expect(out.status).toBe(413);
    expect(JSON.parse(out.body).message).toBeTypeOf('string');
  }, 60_000);

  it('a declared length past the drain limit is still answered 413 and the connection closed', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n{"email":`);
      });
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply.toLowerCase()).toContain('connection: close');
  });
});
