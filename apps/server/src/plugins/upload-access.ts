import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const DAY_MS = 86_400_000;
/** A signed URL stays valid 7 to 8 days (a week of offline use), and is the same all day (cacheable). */
const VALID_DAYS = 7;
const KEY_FILE = 'upload-urls.key';

declare module 'fastify' {
  interface FastifyInstance {
    uploadUrls: UploadUrls;
  }
}

/**
 * URLs of stored files that only some users may see (images of draft resources). The API hands a
 * signed URL only to users who may see the record; /uploads serves such a file only with a valid
 * signature. `<img>` requests carry no bearer token, so the URL itself is the permission
 * (docs/decisions/0077-safe-images.md).
 */
export class UploadUrls {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  private sign(name: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${name}:${exp}`).digest('base64url');
  }

  /** `/uploads/<name>?exp=…&sig=…`. */
  signed(name: string): string {
    const exp = (Math.floor(this.now() / DAY_MS) + VALID_DAYS + 1) * (DAY_MS / 1000);
    return `/uploads/${name}?exp=${exp}&sig=${this.sign(name, exp)}`;
  }

  /** Whether a request's exp and sig are this server's signature of the name, not yet expired. */
  verify(name: string, exp: unknown, sig: unknown): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.sign(name, Number(exp)));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The signing key: UPLOAD_URL_KEY when set (several machines), else a random key kept in DATA_DIR
 * beside the uploads, created once (every process sharing DATA_DIR, and so the files, shares it).
 */
export function loadUploadKey(dataDir: string, fromEnv = process.env.UPLOAD_URL_KEY): Buffer {
  if (fromEnv) return Buffer.from(fromEnv);
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: a process starting alongside reads a whole key or none.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim());
}
