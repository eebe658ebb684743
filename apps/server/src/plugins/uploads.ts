import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { detectImage, type ImageKind } from '../lib/image-check';
import { type ImageStore, isStoredName, StorageUnavailable } from '../lib/image-store';
import { URL_PREFIX } from '../lib/images';
import { loadUploadKey, UploadUrls } from './upload-access';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are kept: DATA_DIR/uploads or the bucket (lib/image-store.ts). */
    images: ImageStore;
  }
}

export interface UploadsOptions {
  /** Whether a stored file may be seen only by some users (a draft resource's image): then only a signed URL serves it. */
  isPrivate: (name: string) => Promise<boolean>;
}

/** The one type each image kind is served as, whatever the file's name says. */
const CONTENT_TYPES: Record<ImageKind, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/** Every /uploads reply, image or refusal: nothing in it may run (no script, no plugin, a sandboxed document). */
export const UPLOADS_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Public images are cached a day; a private one's reply (its URL is its permission) only by the browser, an hour. */
const PUBLIC_CACHE = 'public, max-age=86400';
const PRIVATE_CACHE = 'private, max-age=3600';

/** Whether the browser's copy is the current one (If-None-Match: a list of tags, weak or strong, or `*`). */
function unchanged(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Serves stored images at /uploads/<name> from the image store (DATA_DIR/uploads or the bucket, through the app:
 * docs/decisions/0328-object-storage.md), only as the image type their content is (never by the name), with nosniff
 * and a CSP that runs nothing: anything else stored there (an `.html` or `.js` put in the folder by hand or by a
 * crafted archive) is 404 (docs/decisions/0228-uploads-served-by-content.md). A private file (a draft's image, an
 * item's photo) needs a signed URL (upload-access.ts); without one it does not exist (404).
 */
export async function registerUploads(app: FastifyInstance, images: ImageStore, options: UploadsOptions): Promise<void> {
  await images.prepare();
  app.decorate('images', images);
  const urls = new UploadUrls(loadUploadKey(app.config.dataDir, app.config.uploadUrlKey ?? undefined));
  app.decorate('uploadUrls', urls);
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url !== `${URL_PREFIX}*`) return;
    reply.header('Content-Security-Policy', UPLOADS_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  // The name is the path the router matched (its wildcard, already decoded), never the raw target: a fragment, the
  // absolute form (`GET http://host/uploads/…`) or any other spelling reaches the same image and meets the same
  // check (decision 0077).
  app.get(`${URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as Record<string, string | undefined>)['*'] ?? '';
    // Stored names are flat (uuid.ext): a path with folders or dots could reach a file under another name.
    if (!isStoredName(name)) throw refused(reply);
    const image = await images.read('uploads', name).catch((err: unknown) => {
      if (err instanceof StorageUnavailable) request.log.warn({ reason: err.reason }, 'image storage unavailable');
      throw err;
    });
    const kind = image ? detectImage(image.data.subarray(0, 16)) : null;
    if (!image || !kind) throw refused(reply);
    const isPrivate = await options.isPrivate(name);
    if (isPrivate) {
      const query = request.query as Record<string, unknown>;
      if (!urls.verify(name, query.exp, query.sig)) throw refused(reply);
    }
    reply.header('Cache-Control', isPrivate ? PRIVATE_CACHE : PUBLIC_CACHE);
    reply.header('ETag', image.etag);
    reply.header('Last-Modified', new Date(image.modifiedMs).toUTCString());
    if (unchanged(request, image.etag)) return reply.code(304).send();
    return reply.type(CONTENT_TYPES[kind]).send(image.data);
  });
}

/** A refused upload is a 404 no cache keeps: the same URL may be signed, or published, later. */
function refused(reply: FastifyReply): HttpError {
  reply.header('Cache-Control', 'no-store');
  return new HttpError(404, 'File not found.');
}
