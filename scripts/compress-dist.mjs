// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app, once, at build
// time, so the server sends them as they are (@fastify/static `preCompressed`, decision 0095) instead of
// compressing on every request. Runs after `vite build`: the service worker's precache list is already
// written then and names only the original files. Images are already compressed and are left alone, and a
// copy that would not be smaller is not written.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/**
 * Below this a compressed copy saves less than the headers it adds (Content-Encoding, ~25 bytes). From 256 bytes
 * brotli already saves hundreds: the bundler's runtime 726 -> 382, the sign-in catalog 1,008 -> 336, the manifest
 * 513 -> 209 (decision 0371).
 */
const MIN_BYTES = 256;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Compresses the text files under `dir`; returns the original and the brotli/gzip byte totals. */
export function compressDist(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const file of files(dir)) {
    if (!TEXT.test(file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += Math.min(br.length, raw.length);
    totals.gz += Math.min(gz.length, raw.length);
  }
  return totals;
}
