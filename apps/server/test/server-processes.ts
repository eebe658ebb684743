// Starts serve.ts in a child process (TypeScript through tsx) and waits until its workers listen.
import { spawn } from 'node:child_process';
import { freePort } from './free-port';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../src/config';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Servers {
  url: string;
  stop(): Promise<void>;
}

/** `workers` server processes on one port over `database`, with extra environment variables. */
export async function startServers(database: AppConfig['database'], dataDir: string, workers: number, env: Record<string, string> = {}): Promise<Servers> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts')], {
    env: {
      ...process.env,
      ...env,
      WORKERS: String(workers),
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : `file:${database.file}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
