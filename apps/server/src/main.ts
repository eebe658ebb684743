import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { serverCommand } from './backup/cli';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './seed/seed';
import { startBackupSchedule } from './backup/schedule';
import { startHousekeeping } from './maintenance';
import { checkContentKeys, startContentKeyRotation } from './content-key-rotation';
import { keyCommand } from './key-command';
import { availableContentKeyIds, loadContentKeys } from './lib/field-crypto';
import { watchImageStorage } from './lib/storage-watch';

const here = path.dirname(fileURLToPath(import.meta.url));
// Both the bundle (apps/server/dist) and the sources (apps/server/src) sit two levels below apps/.
const webDir = process.env.WEB_DIR ?? path.resolve(here, '../../web/dist');

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  // Confidential fields at rest (decision 0205): every key the database names must be here before anything is served.
  await checkContentKeys(db, availableContentKeyIds(config));
  const contentKeys = loadContentKeys(config);
  if (config.demoData) {
    const accounts = await seedDemoData(db, config);
    if (accounts) {
      console.log('\nDemo data created. Sign in at http://localhost:%d with any of these (password: %s):', config.port, accounts.password);
      for (const a of accounts.logins) console.log(`  ${a.role.padEnd(10)} ${a.email}`);
      console.log('');
    }
  }
  const app = await buildApp({ config, db, logger: true, webDir, notificationWorker: true, contentKeys });
  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  // The bucket, when images are kept in one: said in words when it cannot be used, never a restart loop (decision 0328).
  watchImageStorage(app.images, (line, ok) => (ok ? console.log(line) : console.error(line)));
  // Unreferenced uploads and old stored write replies: at start and daily, in the background.
  startHousekeeping(db, config, app.log);
  // The scheduled backup (BACKUP_EVERY_HOURS, BACKUP_DIR, BACKUP_KEEP; decision 0190).
  startBackupSchedule(db, config, app.log);
  // Plain rows from before, and a new key from npm run rotate-key: re-encrypted in the background (decision 0205).
  startContentKeyRotation(db, config, contentKeys, app.log);
  console.log(`Kalinga is serving on http://localhost:${config.port} (${config.database.kind})`);
}

// `backup` and `restore` (npm run backup / npm run restore; docs/decisions/0190) and `rotate-key` (decision 0205) run
// instead of the server.
const command = serverCommand(process.argv.slice(2)) ?? keyCommand(process.argv.slice(2));
if (command) {
  command().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : `Kalinga failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
} else {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `Kalinga failed to start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
