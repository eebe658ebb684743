import { hkdfSync } from 'node:crypto';
import type { BookKeyReply } from '@kalinga/contracts/sync';
import type { ContentKeys } from '../../lib/field-crypto';

// The key of a user's offline book in one company (decision 0375): derived with HKDF-SHA256 from the server's
// content keys, the user and the company, never stored. Only that user, signed in, in that company, is given it.

const SALT = 'kalinga offline book key v1';

/** The book key of `userId` in `companyId` under one content key. */
export function deriveBookKey(contentKey: Buffer, userId: number, companyId: number): Buffer {
  return Buffer.from(hkdfSync('sha256', contentKey, SALT, `book:u${userId}:c${companyId}`, 32));
}

/** Every book key of the user in the company, one per content key the server can read, the current one first. */
export function bookKeysOf(keys: ContentKeys, userId: number, companyId: number): BookKeyReply['data'] {
  const others = [...keys.byId.values()].filter((k) => k.id !== keys.current.id);
  return {
    current: keys.current.id,
    keys: [keys.current, ...others].map((k) => ({ id: k.id, key: deriveBookKey(k.key, userId, companyId).toString('base64url') })),
  };
}
