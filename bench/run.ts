// Runs every bench/*.bench.ts in turn, each in its own process (a bench may run on import), and
// reports which failed. `npm run bench` or `npx tsx bench/run.ts [name-filter]`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed.push(file);
}
console.log(`\n${files.length - failed.length}/${files.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`);
process.exit(failed.length ? 1 : 0);
