import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  type ContentKeys,
  ContentKeyError,
  decryptField,
  encryptField,
  envelopeKeyId,
  fieldAad,
  loadContentKeys,
  parseContentKey,
  reloadContentKeys,
  writeKeyFile,
} from './field-crypto';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function ring(...texts: string[]): ContentKeys {
  const keys = texts.map((t, i) => parseContentKey(t, `key ${i}`));
  return { current: keys[0], byId: new Map(keys.map((k) => [k.id, k])) };
}
const keyText = () => randomBytes(32).toString('base64');

describe('encryptField / decryptField (docs/decisions/0205-encryption-at-rest.md)', () => {
  const aad = fieldAad('screenings', 'answers', 7, 'b1a2');

  it('round-trips, with a fresh IV each time and the envelope naming the key', () => {
    const keys = ring(keyText());
    const a = encryptField(keys, '{"phq9":[1,2,3]}', aad);
    const b = encryptField(keys, '{"phq9":[1,2,3]}', aad);
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^enc:v1:${keys.current.id}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$`));
    expect(a).not.toContain('phq9');
    expect(envelopeKeyId(a)).toBe(keys.current.id);
    expect(decryptField(keys, a, aad)).toBe('{"phq9":[1,2,3]}');
    expect(decryptField(keys, encryptField(keys, '', aad), aad)).toBe('');
  });

  it('refuses a ciphertext moved to another row, column or company (the associated data)', () => {
    const keys = ring(keyText());
    const stored = encryptField(keys, 'secret', aad);
    for (const other of [fieldAad('screenings', 'answers', 7, 'other'), fieldAad('screenings', 'answers', 8, 'b1a2'), fieldAad('case_notes', 'body', 7, 'b1a2')]) {
      expect(() => decryptField(keys, stored, other)).toThrow(/failed its integrity check/);
    }
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const keys = ring(keyText());
    const stored = encryptField(keys, 'a longer secret text', aad);
    const parts = stored.split(':');
    for (const i of [3, 4, 5]) {
      const bytes = Buffer.from(parts[i], 'base64url');
      bytes[0] ^= 1;
      const changed = [...parts.slice(0, i), bytes.toString('base64url'), ...parts.slice(i + 1)].join(':');
      expect(() => decryptField(keys, changed, aad)).toThrow(ContentKeyError);
    }
    expect(() => decryptField(keys, 'plain text', aad)).toThrow(/is not encrypted/);
    expect(() => decryptField(keys, 'enc:v1:abc', aad)).toThrow(/not a readable envelope/);
  });

  it('names the missing key and where it must come from when the keyring lacks it', () => {
    const writer = ring(keyText());
    const stored = encryptField(writer, 'secret', aad);
    const reader = ring(keyText());
    expect(() => decryptField(reader, stored, aad)).toThrow(
      `Confidential fields are encrypted with content key ${writer.current.id}, which this server does not have: set CONTENT_KEY (or CONTENT_KEYS_PREVIOUS) to the original server's key, or copy its DATA_DIR/content-keys folder into DATA_DIR`,
    );
  });

  it('reads with an older key after a new one becomes current', () => {
    const old = keyText();
    const before = ring(old);
    const stored = encryptField(before, 'secret', aad);
    const after = ring(keyText(), old);
    expect(decryptField(after, stored, aad)).toBe('secret');
    expect(envelopeKeyId(encryptField(after, 'secret', aad))).toBe(after.current.id);
  });

  it('refuses a malformed key', () => {
    expect(() => parseContentKey('short', 'CONTENT_KEY')).toThrow(/32 random bytes in base64/);
    expect(() => loadConfig({ CONTENT_KEY: 'short' })).toThrow(/CONTENT_KEY: must be 32 random bytes/);
    expect(() => loadConfig({ CONTENT_KEYS_PREVIOUS: `${keyText()},nope` })).toThrow(/CONTENT_KEYS_PREVIOUS/);
  });
});

describe('loadContentKeys', () => {
  it('creates one key file on first start, mode 0600 in a 0700 folder, and reads the same key after', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const first = loadContentKeys(config);
    const files = fs.readdirSync(config.contentKeys.dir);
    expect(files).toHaveLength(1);
    expect(fs.statSync(path.join(config.contentKeys.dir, files[0])).mode & 0o777).toBe(0o600);
    expect(fs.statSync(config.contentKeys.dir).mode & 0o777).toBe(0o700);
    expect(loadContentKeys(config).current.id).toBe(first.current.id);
  });

  it('takes CONTENT_KEY as current, writes no file, and still reads CONTENT_KEYS_PREVIOUS and the key files', () => {
    const dataDir = tempDir();
    const fileKey = loadContentKeys(loadConfig({ DATA_DIR: dataDir })).current;
    const current = keyText();
    const previous = keyText();
    const keys = loadContentKeys(loadConfig({ DATA_DIR: dataDir, CONTENT_KEY: current, CONTENT_KEYS_PREVIOUS: previous }));
    expect(keys.current.id).toBe(parseContentKey(current, '').id);
    expect([...keys.byId.keys()].sort()).toEqual([keys.current.id, parseContentKey(previous, '').id, fileKey.id].sort());
    expect(fs.readdirSync(path.join(dataDir, 'content-keys'))).toHaveLength(1);
  });

  it('makes a newer key file current on reload, keeping the older one readable', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const keys = loadContentKeys(config);
    const old = keys.current.id;
    expect(reloadContentKeys(keys, config)).toBe(false);
    const { id } = writeKeyFile(config.contentKeys.dir, new Date(Date.now() + 1000));
    expect(reloadContentKeys(keys, config)).toBe(true);
    expect(keys.current.id).toBe(id);
    expect(keys.byId.has(old)).toBe(true);
  });
});

describe('a key another process made current', () => {
  it('is read after one reload of the key folder, without a restart', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const mine = loadContentKeys(config);
    const theirs = loadContentKeys(config);
    writeKeyFile(config.contentKeys.dir, new Date(Date.now() + 1000));
    reloadContentKeys(theirs, config);
    const aad = fieldAad('case_notes', 'body', 1, 'n1');
    const stored = encryptField(theirs, 'written by the other instance', aad);
    expect(mine.byId.has(theirs.current.id)).toBe(false);
    expect(decryptField(mine, stored, aad)).toBe('written by the other instance');
    expect(mine.current.id).toBe(theirs.current.id);
  });
});
