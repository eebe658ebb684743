import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, tooLarge, unprocessable } from '../lib/http-errors';
import { refuseNul } from '../lib/input-limits';

/** Largest image accepted anywhere (spec section 9: 2 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_LARGE = 'The image may not be greater than 2 MB.';
export const MALFORMED_FORM = 'The form data could not be read.';
const URL_PREFIX = '/uploads/';

type ImageKind = 'jpg' | 'png' | 'gif' | 'webp';

/** Recognises an image by its first bytes, whatever its name or declared type says. */
export function detectImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && ['GIF87a', 'GIF89a'].includes(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Checks an uploaded file and writes it under DATA_DIR/uploads with a server-made name; returns that name. */
export async function storeImage(uploadsDir: string, buf: Buffer, field = 'image'): Promise<string> {
  if (buf.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE);
  const kind = detectImage(buf);
  if (!kind) throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  const name = `${randomUUID()}.${kind}`;
  await fs.mkdir(uploadsDir, { recursive: true });
  await fs.writeFile(path.join(uploadsDir, name), buf);
  return name;
}

/** Removes a stored image; a missing file is not an error (it may have been removed already). */
export async function removeImage(uploadsDir: string, name: string | null | undefined): Promise<void> {
  if (!name || name.includes('/') || name.includes('..')) return;
  await fs.rm(path.join(uploadsDir, name), { force: true });
}

/** Decodes a `data:image/...;base64,` string (the site logo) and stores it like any upload. */
export async function storeDataUrlImage(uploadsDir: string, dataUrl: string, field: string): Promise<string> {
  const match = /^data:[^;,]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  return storeImage(uploadsDir, Buffer.from(match[1], 'base64'), field);
}

export function publicFileUrl(name: string | null | undefined): string | null {
  return name ? `${URL_PREFIX}${name}` : null;
}

export interface FormInput {
  fields: Record<string, string>;
  file: { field: string; buffer: Buffer; filename: string } | null;
}

/**
 * Reads a write request's fields and optional image: multipart (the web forms) or JSON (the sync queue).
 * A file over 2 MB is refused with 413 before it is held in memory whole.
 */
export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) {
      if (v === null || v === undefined) continue;
      fields[k] = Array.isArray(v) ? v.join(',') : String(v);
    }
    return { fields, file: null };
  }
  const fields: Record<string, string> = {};
  let file: FormInput['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) file = { field: part.fieldname, buffer, filename: part.filename };
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

/** Serves stored images from /uploads/ with nosniff, so a stored file is never run as a page. */
export async function registerUploads(app: FastifyInstance, uploadsDir: string): Promise<void> {
  await fs.mkdir(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: URL_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'public, max-age=86400');
    },
  });
}
