import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { detectImage, type ImageKind } from '../lib/image-check';
import { URL_PREFIX } from '../lib/images';
import { loadUploadKey, UploadUrls } from './upload-access';

export interface UploadsOptions {
  /** Whether a stored file may be seen only by some users (a draft resource's image): then only a signed URL serves it. */
  isPrivate: (name: string) => Promise<boolean>;
}

/** The one type each image kind is served as, whatever the file's name says. */
const CONTENT_TYPES: Record<ImageKind, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/** Every /uploads reply, image or refusal: nothing in it may run (no script, no plugin, a sandboxed document). */
export const UPLOADS_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** What the file's first bytes say it is (image-check.ts); null for anything else, or no readable file. */
async function storedImageKind(file: string): Promise<ImageKind | null> {
  const handle = await fs.open(file, 'r').catch(() => null);
  if (!handle) return null;
  try {
    if (!(await handle.stat()).isFile()) return null;
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return detectImage(head.subarray(0, bytesRead));
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Serves stored images from /uploads/ only as the image type their content is (never by the file's name), with
 * nosniff and a CSP that runs nothing: a file that is not an image (an `.html` or `.js` put in the folder by hand or
 * by a crafted archive) is 404 (docs/decisions/0228-uploads-served-by-content.md). A private
 * file (a draft's image) needs a signed URL (upload-access.ts); without one it does not exist (404).
 */
export async function registerUploads(app: FastifyInstance, uploadsDir: string, options: UploadsOptions): Promise<void> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const urls = new UploadUrls(loadUploadKey(app.config.dataDir));
  app.decorate('uploadUrls', urls);
  const privateReplies = new WeakSet<FastifyRequest>();
  const servedAs = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request, reply) => {
    // The check reads the path the router matched and the static route serves (its wildcard, already
    // decoded), never the raw target: a fragment, the absolute form (`GET http://host/uploads/…`) or any
    // other spelling reaches the same file, so it must meet the same check (decision 0077).
    if (request.routeOptions.url !== `${URL_PREFIX}*`) return;
    const name = (request.params as Record<string, string | undefined>)['*'] ?? '';
    // Stored names are flat (uuid.ext): a path with folders or dots could reach a file under another name.
    if (name === '' || /[/\\]|^\./.test(name)) throw refused(reply);
    const kind = await storedImageKind(path.join(uploadsDir, name));
    if (!kind) throw refused(reply);
    servedAs.set(request, CONTENT_TYPES[kind]);
    if (!(await options.isPrivate(name))) return;
    const query = request.query as Record<string, unknown>;
    if (!urls.verify(name, query.exp, query.sig)) throw refused(reply);
    privateReplies.add(request);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url !== `${URL_PREFIX}*`) return;
    reply.header('Content-Security-Policy', UPLOADS_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    const type = servedAs.get(request);
    if (type && reply.statusCode < 300) reply.header('Content-Type', type);
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
