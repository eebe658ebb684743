// npm run backup / npm run restore -- <archive> / npm run storage -- to-s3|to-disk: build what is out of date, then run
// the server's bundle with the command instead of serving (apps/server/src/backup/cli.ts). Same environment as npm
// start (DATA_DIR, DATABASE_URL, the S3_ variables).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import('./build.mjs');
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
