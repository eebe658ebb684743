import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of a page: the built index.html carries one, the start-up
 * script that draws the last screen kept on the device (decision 0101). Allowed by hash, that script runs and
 * no other inline script does (script-src stays 'self' otherwise).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)) {
    const [, attributes, code] = match;
    // Scripts loaded by src, data blocks (type="application/json") and empty elements run no inline code.
    if (/\ssrc=/.test(attributes) || /\stype="(?!module"|text\/javascript")/.test(attributes) || code.trim() === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of the built web app's page (none without a web app or its page). */
export function webAppScriptHashes(webDir: string | undefined): string[] {
  const page = webDir ? path.join(webDir, 'index.html') : undefined;
  return page && fs.existsSync(page) ? inlineScriptHashes(fs.readFileSync(page, 'utf8')) : [];
}
