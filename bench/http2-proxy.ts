// An HTTPS proxy speaking HTTP/2 in front of the app's own server, for the Lighthouse bench's LIGHTHOUSE_HTTP2=1 rows
// (decision 0381): the app needs a secure context (its service worker, Web Locks, the sealed offline book), so a real
// deployment is served over HTTPS, where HTTP/2 is what a proxy or load balancer speaks (README, "Several instances").
// `npm start` serves HTTP/1.1 on localhost, and the bench's other rows measure that. The certificate is a throwaway
// self-signed one made with `openssl` for `localhost`; Chromium is told to accept it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/** Headers of one connection, which HTTP/2 refuses to carry (RFC 9113, 8.2.2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host', 'http2-settings']);

function passed(headers: http.IncomingHttpHeaders | http2.IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name) && value !== undefined) out[name] = value;
  return out;
}

/** Starts the proxy on a free port, forwarding every request to `upstream` (the app's own address). */
export async function startHttp2Proxy(upstream: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-h2-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
  const target = new URL(upstream);
  const server = http2.createSecureServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert), allowHTTP1: true }, (req, res) => {
    const forward = http.request({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...passed(req.headers), host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, passed(answer.headers));
      answer.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://localhost:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
