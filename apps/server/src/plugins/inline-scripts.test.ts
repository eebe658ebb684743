import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, webAppScriptHashes } from './inline-scripts';
import { registerSecurityHeaders } from './security-headers';

const BOOT = '(()=>{document.title="kept"})();';
const sha = (code: string) => `'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`;
const PAGE = `<!doctype html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<script type="application/json" id="boot-data">{"css":"","preload":[]}</script>
<body><div id="root"></div><script>${BOOT}</script><script> </script></body>`;

describe('the page\'s inline start-up script under the CSP', () => {
  it('hashes each inline script with code, and no script loaded by src and no data block', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha(BOOT)]);
    expect(inlineScriptHashes('<div id="root"></div>')).toEqual([]);
  });

  it('allows exactly the built page\'s own inline script, by hash, beside \'self\'', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-csp-'));
    try {
      fs.writeFileSync(path.join(webDir, 'index.html'), PAGE);
      const app = Fastify();
      await registerSecurityHeaders(app, webAppScriptHashes(webDir));
      app.get('/', async () => 'ok');
      const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' ${sha(BOOT)}`);
      expect(csp).not.toContain(sha('alert(1)'));
      await app.close();
    } finally {
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('allows no inline script without a built page', async () => {
    expect(webAppScriptHashes(undefined)).toEqual([]);
    expect(webAppScriptHashes(path.join(os.tmpdir(), 'kalinga-no-such-dir'))).toEqual([]);
  });
});
