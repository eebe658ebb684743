import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { ContentKeys } from '../lib/field-crypto';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
    /** The keyring of confidential fields at rest (lib/field-crypto.ts); pass it to the services that read or write them. */
    contentKeys: ContentKeys;
  }
}
