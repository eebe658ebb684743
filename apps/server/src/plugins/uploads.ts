import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, tooLarge, unprocessable } from '../lib/http-errors';
import { refuseNul } from '../lib/input-limits';
import { type DeclaredType, inspectImage } from './image-check';
import { loadUploadKey, UploadUrls } from './upload-access';

/** Largest image accepted anywhere (spec section 9: 2 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_LARGE = 'The image may not be greater than 2 MB.';
export const MALFORMED_FORM = 'The form data could not be read.';
const URL_PREFIX = '/uploads/';

/**
 * Checks an uploaded image (content type, structure, dimensions, declared type: image-check.ts) and
 * writes it under DATA_DIR/uploads with a server-made name; returns that name. Bytes after the image
 * data are not stored.
 */
export async function storeImage(uploadsDir: string, buf: Buffer, field = 'image', declared: DeclaredType = {}): Promise<string> {
  if (buf.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE);
  const checked = inspectImage(buf, declared);
  if (checked.kind === 'not-image') throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  if (checked.kind === 'refused') throw unprocessable({ [field]: [checked.message] });
  const name = `${randomUUID()}.${checked.kind}`;
  await fs.mkdir(uploadsDir, { recursive: true });
  await fs.writeFile(path.join(uploadsDir, name), checked.data);
  return name;
}

/** Where removed images wait a day before they are deleted: beside the uploads folder, never served. */
export function removedUploadsDir(uploadsDir: string): string {
  return path.join(path.dirname(uploadsDir), 'uploads-removed');
}

/** Removed images are deleted by the daily housekeeping once they have waited this long. */
export const REMOVED_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Removes a stored image from the served folder; a missing file is not an error (it may have been removed already).
 * The file waits a day in removedUploadsDir before housekeeping deletes it, so a backup whose database snapshot was
 * taken before the removal still finds the image its rows name (docs/decisions/0190-backups-and-restore.md).
 */
export async function removeImage(uploadsDir: string, name: string | null | undefined): Promise<void> {
  if (!name || name.includes('/') || name.includes('..')) return;
  const removed = removedUploadsDir(uploadsDir);
  await fs.mkdir(removed, { recursive: true });
  try {
    await fs.rename(path.join(uploadsDir, name), path.join(removed, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const now = new Date();
  await fs.utimes(path.join(removed, name), now, now).catch(() => undefined);
}

/** Deletes the removed images that waited REMOVED_KEPT_MS; returns how many. */
export async function deleteRemovedImages(uploadsDir: string, now = Date.now()): Promise<number> {
  const removed = removedUploadsDir(uploadsDir);
  const names = await fs.readdir(removed).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const st = await fs.stat(path.join(removed, name)).catch(() => null);
    if (st?.isFile() && now - st.mtimeMs >= REMOVED_KEPT_MS) {
      await fs.rm(path.join(removed, name), { force: true });
      deleted++;
    }
  }
  return deleted;
}

/** Decodes a `data:image/...;base64,` string (the site logo) and stores it like any upload. */
export async function storeDataUrlImage(uploadsDir: string, dataUrl: string, field: string): Promise<string> {
  const match = /^data:([^;,]*);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  return storeImage(uploadsDir, Buffer.from(match[2], 'base64'), field, { mimetype: match[1] });
}

export function publicFileUrl(name: string | null | undefined): string | null {
  return name ? `${URL_PREFIX}${name}` : null;
}

export interface FormInput {
  fields: Record<string, string>;
  file: { field: string; buffer: Buffer; filename: string; mimetype: string } | null;
}

/**
 * Reads a write request's fields and optional image: multipart (the web forms) or JSON (the sync queue).
 * A file over 2 MB is refused with 413 before it is held in memory whole.
 */
/** A JSON body read as a form: every present value as text (lists joined with commas), no file. */
export function jsonForm(body: unknown): FormInput {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    fields[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return { fields, file: null };
}

export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) return jsonForm(request.body);
  const fields: Record<string, string> = {};
  let file: FormInput['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) file = { field: part.fieldname, buffer, filename: part.filename, mimetype: part.mimetype };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw unprocessable({ image: ['Send one image at most.'] });
    // No boundary, a truncated part, too many fields: the client sent a broken form (docs/decisions/0076).
    throw new HttpError(400, MALFORMED_FORM);
  }
  refuseNul(fields);
  return { fields, file };
}

export interface UploadsOptions {
  /** Whether a stored file may be seen only by some users (a draft resource's image): then only a signed URL serves it. */
  isPrivate: (name: string) => Promise<boolean>;
}

/**
 * Serves stored images from /uploads/ with nosniff, so a stored file is never run as a page. A private
 * file (a draft's image) needs a signed URL (upload-access.ts); without one it does not exist (404).
 */
export async function registerUploads(app: FastifyInstance, uploadsDir: string, options: UploadsOptions): Promise<void> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const urls = new UploadUrls(loadUploadKey(app.config.dataDir));
  app.decorate('uploadUrls', urls);
  const privateReplies = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    // The check reads the path the router matched and the static route serves (its wildcard, already
    // decoded), never the raw target: a fragment, the absolute form (`GET http://host/uploads/…`) or any
    // other spelling reaches the same file, so it must meet the same check (issue 24).
    if (request.routeOptions.url !== `${URL_PREFIX}*`) return;
    const name = (request.params as Record<string, string | undefined>)['*'] ?? '';
    // Stored names are flat (uuid.ext): a path with folders or dots could reach a file under another name.
    if (name === '' || /[/\\]|^\./.test(name)) throw refused(reply);
    if (!(await options.isPrivate(name))) return;
    const query = request.query as Record<string, unknown>;
    if (!urls.verify(name, query.exp, query.sig)) throw refused(reply);
    privateReplies.add(request);
  });
  app.addHook('onSend', async (request, reply) => {
    if (privateReplies.has(request)) reply.header('Cache-Control', 'private, max-age=3600');
  });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: URL_PREFIX,
    decorateReply: false,
    index: false,
    // Cache-Control: public, max-age=86400 (a private file's reply is made private in onSend above).
    maxAge: 86_400_000,
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
}

/** A refused upload is a 404 no cache keeps: the same URL may be signed, or published, later. */
function refused(reply: FastifyReply): HttpError {
  reply.header('Cache-Control', 'no-store');
  return new HttpError(404, 'File not found.');
}
