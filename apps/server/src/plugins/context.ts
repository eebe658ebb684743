import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { LoginThrottle } from '../modules/auth/login-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
    loginThrottle: LoginThrottle;
  }
}
