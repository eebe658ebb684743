// Builds what is out of date: the web app (Vite) and the server bundle (esbuild).
// `--force` rebuilds both. A second `npm start` with nothing changed builds nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  entries.forEach((e) => walk(path.join(root, e)));
  return newest;
}

function outdated(output, inputs) {
  const out = path.join(root, output);
  if (force || !fs.existsSync(out)) return true;
  return newestMtime(inputs) > fs.statSync(out).mtimeMs;
}

const shared = ['packages/contracts/src', 'package-lock.json'];

if (outdated('apps/web/dist/index.html', ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', ...shared])) {
  console.log('Building the web app...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  const { compressDist } = await import('./compress-dist.mjs');
  const t = compressDist(path.join(root, 'apps/web/dist'));
  console.log(`Compressed ${t.files} text files: ${(t.raw / 1024).toFixed(0)} KB -> ${(t.br / 1024).toFixed(0)} KB brotli, ${(t.gz / 1024).toFixed(0)} KB gzip.`);
}

if (outdated('apps/server/dist/main.js', ['apps/server/src', 'apps/server/package.json', ...shared])) {
  console.log('Building the server...');
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  // Dependencies stay in node_modules; only our own TypeScript (server and contracts) is bundled.
  const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@kalinga/'));
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: path.join(root, 'apps/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
}
