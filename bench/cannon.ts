// autocannon with the few types the benches use (the package ships none).
import { createRequire } from 'node:module';

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Requests cycled through on each connection. */
  requests?: { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[];
}

export const autocannon = createRequire(import.meta.url)('autocannon') as (opts: CannonOptions) => Promise<CannonResult>;
