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

export interface CannonRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Called before each send: returns the request to send (e.g. with a new body). */
  setupRequest?: (request: CannonRequest) => CannonRequest;
}

export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Requests cycled through on each connection. */
  requests?: CannonRequest[];
}

export const autocannon = createRequire(import.meta.url)('autocannon') as (opts: CannonOptions) => Promise<CannonResult>;
