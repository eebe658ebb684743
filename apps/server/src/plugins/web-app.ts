import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routePages } from './route-pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built web app from the API's port. */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`The web app is not built (no ${path.join(webDir, 'index.html')}); run npm run build.`);
  }
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: true,
    // '/' is a route of the app like the others, sent below with its preloads.
    index: false,
    // Our header, not the plugin's default 'public, max-age=0': the page, /sw.js and the manifest must be
    // revalidated on every load, so a new version is found (decision 0085); hashed assets never change.
    cacheControl: false,
    // The build writes .br and .gz copies of the text files (scripts/compress-dist.mjs, decision 0095);
    // they are sent as they are to a browser that accepts them, the original otherwise.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      // The same URL has a compressed and a plain body: caches must key on the request's Accept-Encoding.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  // A hashed file never changes and is kept a year without revalidation, so its validators and range support are
  // bytes no browser uses: ~110 per request, on every script and stylesheet a first visit downloads (decision 0390).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.getHeader('cache-control') === IMMUTABLE) {
      for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name);
    }
    return payload;
  });
  const landing = routePages(webDir)('/');
  // A page, not an operation of the API: left out of its reference like the files above (decision 0195).
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, webDir, landing));
}

/** index.html for an app route: the path's page with its code preloaded (compressed on the fly) or the built file. */
function sendPage(reply: FastifyReply, webDir: string, page: string | undefined) {
  reply.header('Cache-Control', 'no-cache');
  return page ? reply.type('text/html; charset=utf-8').send(page) : reply.sendFile('index.html', webDir);
}

/**
 * The one not-found handler: with a web app, unknown non-API GETs without a file extension get index.html
 * (the SPA's routes); /api/* and /uploads/* never fall back to it.
 */
export function registerNotFound(app: FastifyInstance, webDir: string | undefined): void {
  const pageFor = webDir ? routePages(webDir) : () => undefined;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (webDir && request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/uploads/') && !path.extname(url)) {
      return sendPage(reply, webDir, pageFor(url));
    }
    return reply.status(404).send({ message: `Route ${request.method} ${url} not found.` });
  });
}
