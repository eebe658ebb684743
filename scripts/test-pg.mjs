// npm run test:pg: the server's API suite on PostgreSQL. Each test file creates its own fresh
// database (kalinga_t_<random>, a copy of the run's migrated template) through DATABASE_URL and drops it afterwards.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error('test:pg needs DATABASE_URL to be a postgres:// URL (default postgres://postgres@127.0.0.1:5432/test).');
  process.exit(2);
}
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', '--project', 'server-isolated', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
