import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { URL_PREFIX } from '../lib/images';
import { loadUploadKey, UploadUrls } from './upload-access';

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
    // other spelling reaches the same file, so it must meet the same check (decision 0077).
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
