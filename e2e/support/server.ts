import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (npm run test:e2e builds it first) on a free port over a fresh SQLite file,
 * with the demo data unless `demo` is false. Waits until /api/health answers.
 */
export async function startServer(options: { demo?: boolean; env?: Record<string, string>; port?: number; dataDir?: string } = {}): Promise<RunningServer> {
  // A given port and DATA_DIR: the same origin (the browser's book and session) served from another data folder.
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: options.demo === false ? 'false' : 'true', LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
