import { randomBytes } from 'node:crypto';
import { loadConfig } from './config';
import { contentKeyId, loadContentKeys, writeKeyFile } from './lib/field-crypto';

// `npm run rotate-key` (docs/decisions/0205-encryption-at-rest.md): a new content key becomes current. With the key
// files of DATA_DIR/content-keys, the command writes the new one and the running server takes it within a minute;
// with CONTENT_KEY, the key is the operator's to set, so the command prints a new one and the steps.

export function rotateKeyCommand(args: string[], now = new Date()): number {
  if (args.length > 0) {
    console.error('Usage: npm run rotate-key   (a new content key becomes current; the old one stays readable)');
    return 1;
  }
  const config = loadConfig();
  const keys = loadContentKeys(config);
  if (config.contentKeys.current) {
    const fresh = randomBytes(32);
    const previous = [config.contentKeys.current, ...config.contentKeys.previous].join(',');
    console.log(
      [
        `CONTENT_KEY is set, so the new key is yours to put in place (key ${contentKeyId(fresh)}):`,
        `  CONTENT_KEY=${fresh.toString('base64')}`,
        `  CONTENT_KEYS_PREVIOUS=${previous}`,
        'Set both and restart. With several instances, first add the new key to CONTENT_KEYS_PREVIOUS on each and restart them,',
        'then make it CONTENT_KEY on each. Each server re-encrypts confidential fields in the background and logs',
        `when key ${keys.current.id} is no longer used. Keep the old key as long as you keep backups made before: restoring one needs it.`,
      ].join('\n'),
    );
    return 0;
  }
  const { file, id } = writeKeyFile(config.contentKeys.dir, now);
  console.log(
    [
      `New content key ${id} written to ${file} (mode 0600); it replaces ${keys.current.id} as the current key.`,
      'The running server takes it within a minute and re-encrypts confidential fields in the background; its log says when',
      `key ${keys.current.id} is no longer used. Then its file may go, but keep a copy as long as you keep backups made before: restoring one needs it.`,
    ].join('\n'),
  );
  return 0;
}

/** `rotate-key` when argv names it, else null. */
export function keyCommand(argv: string[]): (() => Promise<number>) | null {
  const [command, ...args] = argv;
  return command === 'rotate-key' ? () => Promise.resolve(rotateKeyCommand(args)) : null;
}
