import type { AppConfig } from '../config';
import type { DB } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
  }
}
