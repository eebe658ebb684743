import type { FastifyRequest } from 'fastify';
import { HttpError, tooLarge, unprocessable } from './http-errors';
import { MAX_IMAGE_BYTES, TOO_LARGE } from './images';
import { refuseNul } from './input-limits';

export const MALFORMED_FORM = 'The form data could not be read.';

export interface FormInput {
  fields: Record<string, string>;
  file: { field: string; buffer: Buffer; filename: string; mimetype: string } | null;
}

/** A JSON body read as a form: every present value as text (lists joined with commas), no file. */
export function jsonForm(body: unknown): FormInput {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    fields[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return { fields, file: null };
}

/**
 * Reads a write request's fields and optional image: multipart (the web forms) or JSON (the sync queue).
 * A file over 2 MB is refused with 413 before it is held in memory whole.
 */
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
