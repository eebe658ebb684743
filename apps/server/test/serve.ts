// A server in processes of its own, for the load benches (so the load generator does not share its event loop)
// and the two-process test: WORKERS processes (Node's cluster, one listening socket) on the database of
// DATABASE_URL or DATA_DIR, already migrated. Prints "ready <port>" once every worker listens.
// Started by server-processes.ts.
import cluster from 'node:cluster';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';

const workers = Number(process.env.WORKERS ?? 1);

if (cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('listening', (_worker, address) => {
    if (++listening === workers) console.log(`ready ${address.port}`);
  });
  cluster.on('exit', (_worker, code) => {
    if (code) {
      console.error(`a worker exited with ${code}`);
      process.exit(1);
    }
  });
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    process.exit(0);
  });
} else {
  const config = loadConfig({ ...process.env, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const db = createDatabase(config.database);
  const app = await buildApp({ config, db, notificationWorker: true });
  await app.listen({ port: config.port, host: '127.0.0.1' });
}
