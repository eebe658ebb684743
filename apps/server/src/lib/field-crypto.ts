import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';

// Confidential fields encrypted at rest (docs/decisions/0205-encryption-at-rest.md): AES-256-GCM from node:crypto,
// stored as the text envelope `enc:v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts). The associated data names
// the table, column, company and row, so a ciphertext copied onto another row (or company) does not decrypt.

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Length of a key id: the base64url of the first 8 bytes of the key's SHA-256. */
export const KEY_ID_LENGTH = 11;
/** The folder under DATA_DIR holding the key files (`<UTC time>.key`, base64 of 32 bytes, mode 0600). */
export const CONTENT_KEYS_DIR = 'content-keys';

export interface ContentKey {
  id: string;
  key: Buffer;
}

/**
 * The keyring: the current key (new ciphertexts) and every key that may still be read, by id. One object per
 * server, updated in place when a rotation makes a new key current (`reloadContentKeys`), so holders see it.
 */
export interface ContentKeys {
  current: ContentKey;
  byId: Map<string, ContentKey>;
  /**
   * Reads the key sources again (set by loadContentKeys): a value under a key this process has not seen yet (another
   * instance sharing DATA_DIR took a rotated key first) triggers one reload before it is refused.
   */
  reload?: () => void;
}

/** A key missing, malformed, or a ciphertext that fails its check; the message never holds content. */
export class ContentKeyError extends Error {}

/** The id a key is known by in envelopes: not secret (a truncated hash of a random 256-bit key). */
export function contentKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
}

/** A key given as base64 (standard or url alphabet) of exactly 32 bytes, else a ContentKeyError naming `source`. */
export function parseContentKey(text: string, source: string): ContentKey {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) || key.length !== 32) {
    throw new ContentKeyError(`${source}: a content key is 32 random bytes in base64 (e.g. openssl rand -base64 32)`);
  }
  return { id: contentKeyId(key), key };
}

/** Whether a stored value is an envelope (else it is a plain value written before encryption). */
export function isEncrypted(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The key id of an envelope, or null for a plain value. */
export function envelopeKeyId(stored: string): string | null {
  return isEncrypted(stored) ? stored.slice(PREFIX.length, PREFIX.length + KEY_ID_LENGTH) : null;
}

/** The envelope's text up to its key id: what a row on key `id` starts with (`enc:v1:<id>:`). */
export function envelopePrefix(id: string): string {
  return `${PREFIX}${id}:`;
}

/** The associated data of one field: `<table>.<column>:c<company>:<row key>` (the row key never changes). */
export function fieldAad(table: string, column: string, companyId: number, rowKey: string | number): string {
  return `${table}.${column}:c${companyId}:${rowKey}`;
}

/** Encrypts `plain` with the current key, bound to `aad` (see fieldAad). */
export function encryptField(keys: ContentKeys, plain: string, aad: string): string {
  const { id, key } = keys.current;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${id}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
}

/**
 * The plain text of an envelope written by encryptField with the same `aad`. Throws ContentKeyError when the value
 * is not an envelope, names a key the keyring lacks, or fails authentication (changed, or moved from another row).
 */
export function decryptField(keys: ContentKeys, stored: string, aad: string): string {
  if (!isEncrypted(stored)) throw new ContentKeyError(`A confidential field (${aad.split(':')[0]}) is not encrypted`);
  const parts = stored.slice(PREFIX.length).split(':');
  if (parts.length !== 4) throw new ContentKeyError(`A confidential field (${aad.split(':')[0]}) is not a readable envelope`);
  const [id, iv, tag, body] = parts;
  if (!keys.byId.has(id)) keys.reload?.();
  const entry = keys.byId.get(id);
  if (!entry) throw new ContentKeyError(missingKeyMessage([id]));
  try {
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new ContentKeyError(`A confidential field (${aad.split(':')[0]}) failed its integrity check: it was changed or belongs to another row`);
  }
}

/** The one sentence every "key not here" failure uses: which ids, and where a key must come from. */
export function missingKeyMessage(ids: string[]): string {
  return (
    `Confidential fields are encrypted with content key ${ids.join(', ')}, which this server does not have: ` +
    `set CONTENT_KEY (or CONTENT_KEYS_PREVIOUS) to the original server's key, or copy its DATA_DIR/${CONTENT_KEYS_DIR} folder into DATA_DIR`
  );
}

/** Where the keys come from: AppConfig's contentKeys (CONTENT_KEY, CONTENT_KEYS_PREVIOUS, the key folder). */
export type ContentKeyConfig = AppConfig['contentKeys'];

/** The key files of `dir`, oldest first (their names are UTC times, so name order is age order). */
function keyFiles(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names.filter((n) => n.endsWith('.key')).sort();
}

/** A file name that sorts by time: `20261126T013000123Z.key`. */
function keyFileName(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}.key`;
}

/**
 * Writes a new random key file into `dir` (mode 0600, the folder 0700): written aside, then linked into place, so a
 * process reading alongside sees a whole key or none. It becomes current (the newest file) unless CONTENT_KEY is set.
 */
export function writeKeyFile(dir: string, now = new Date()): { file: string; id: string } {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // Two keys in one millisecond: linking the second fails with EEXIST rather than replace the first.
  const file = path.join(dir, keyFileName(now));
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, `${key.toString('base64')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return { file, id: contentKeyId(key) };
}

function readKeys(config: ContentKeyConfig, create: boolean): ContentKeys {
  const files = keyFiles(config.dir);
  if (!config.current && files.length === 0 && create) {
    try {
      writeKeyFile(config.dir);
    } catch (err) {
      // Another process starting alongside wrote one at the same moment: read theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return readKeys(config, false);
  }
  const fromFiles = keyFiles(config.dir).map((name) => parseContentKey(fs.readFileSync(path.join(config.dir, name), 'utf8'), path.join(config.dir, name)));
  const previous = config.previous.map((text, i) => parseContentKey(text, `CONTENT_KEYS_PREVIOUS (key ${i + 1})`));
  const current = config.current ? parseContentKey(config.current, 'CONTENT_KEY') : fromFiles.at(-1);
  if (!current) throw new ContentKeyError(`No content key: set CONTENT_KEY, or let the server create one in DATA_DIR/${CONTENT_KEYS_DIR}`);
  const byId = new Map<string, ContentKey>();
  for (const k of [...previous, ...fromFiles, current]) byId.set(k.id, k);
  return { current, byId };
}

/**
 * The server's keyring: CONTENT_KEY when set (else the newest key file of DATA_DIR/content-keys, one created on
 * first start), plus every older key that may still be read: CONTENT_KEYS_PREVIOUS and every other key file.
 */
export function loadContentKeys(config: { contentKeys: ContentKeyConfig }): ContentKeys {
  const keys = readKeys(config.contentKeys, true);
  keys.reload = () => {
    reloadContentKeys(keys, config);
  };
  return keys;
}

/** The ids of every key the configuration offers (CONTENT_KEY, CONTENT_KEYS_PREVIOUS, key files), creating none: what a restore can read. */
export function availableContentKeyIds(config: { contentKeys: ContentKeyConfig }): Set<string> {
  const { current, previous, dir } = config.contentKeys;
  const texts = [...(current ? [current] : []), ...previous];
  const ids = new Set(texts.map((t) => parseContentKey(t, 'CONTENT_KEY').id));
  for (const name of keyFiles(dir)) ids.add(parseContentKey(fs.readFileSync(path.join(dir, name), 'utf8'), path.join(dir, name)).id);
  return ids;
}

/** Reads the keys again into `keys` (a new key file made current by `npm run rotate-key`); true when the current key changed. */
export function reloadContentKeys(keys: ContentKeys, config: { contentKeys: ContentKeyConfig }): boolean {
  const fresh = readKeys(config.contentKeys, false);
  const changed = fresh.current.id !== keys.current.id;
  keys.current = fresh.current;
  for (const [id, k] of fresh.byId) keys.byId.set(id, k);
  return changed;
}
