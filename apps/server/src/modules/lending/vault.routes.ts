import { errorReplySchema } from '@kalinga/contracts/common';
import {
  itemMoveListReplySchema,
  itemPhotoListReplySchema,
  itemPhotoReplySchema,
  vaultCountCreateSchema,
  vaultCountListQuerySchema,
  vaultCountListReplySchema,
  vaultCountReplySchema,
} from '@kalinga/contracts/lending/vault';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/auth-context';
import { readForm } from '../../lib/forms';
import { addPhoto, listPhotos } from './item-photo.service';
import { itemMoves } from './item-place.service';
import { canManage, canView, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';
import { createCount, getCount, pastCounts } from './vault-count.service';

// The vault's routes beside the queue's PLACE_ITEM (decisions 0308 to 0310): an item's moves, vault counts, photos.

const readOne = { ...readErrors, 404: errorReplySchema };

export const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/items/:uuid/moves', {
    preHandler: canView,
    schema: { summary: "Lists an item's taggings and moves in the vault, newest first.", operationId: 'listItemMoves', ...common('items'), params: uuidParams, response: { 200: itemMoveListReplySchema, ...readOne } },
    handler: async (request) => itemMoves(app.db, authOf(request), request.params.uuid),
  });

  app.get('/api/items/:uuid/photos', {
    preHandler: canView,
    schema: { summary: "Lists an item's photos with URLs signed for the company's users.", operationId: 'listItemPhotos', ...common('items'), params: uuidParams, response: { 200: itemPhotoListReplySchema, ...readOne } },
    handler: async (request) => listPhotos(app, authOf(request), request.params.uuid),
  });

  // The device's photo queue sends each photo once; a repeat with the same photo uuid stores nothing (decision 0310).
  app.post('/api/items/:uuid/photos', {
    preHandler: canManage,
    schema: {
      summary: 'Adds a photo to an item; a repeat with the same photo uuid answers the first photo and stores nothing.',
      operationId: 'addItemPhoto',
      ...common('items'),
      params: uuidParams,
      consumes: ['multipart/form-data'],
      response: { 200: itemPhotoReplySchema, 201: itemPhotoReplySchema, 413: errorReplySchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const result = await addPhoto(app, authOf(request), request.params.uuid, await readForm(request));
      return reply.status(result.status).send(result.body);
    },
  });

  app.get('/api/vault-counts', {
    preHandler: canView,
    schema: { summary: 'Lists the vault counts kept, newest first.', operationId: 'listVaultCounts', ...common('vault'), querystring: vaultCountListQuerySchema, response: { 200: vaultCountListReplySchema, ...readErrors } },
    handler: async (request) => pastCounts(app.db, authOf(request), request.query.page, request.query.per_page),
  });

  app.get('/api/vault-counts/:uuid', {
    preHandler: canView,
    schema: { summary: 'Shows one kept vault count: what was missing and what was not expected.', operationId: 'getVaultCount', ...common('vault'), params: uuidParams, response: { 200: vaultCountReplySchema, ...readOne } },
    handler: async (request) => getCount(app.db, authOf(request), request.params.uuid),
  });

  app.post('/api/vault-counts', {
    preHandler: canManage,
    schema: {
      summary: 'Saves a vault count: the tags found are compared with the items the book has in the vault.',
      operationId: 'createVaultCount',
      ...common('vault'),
      body: vaultCountCreateSchema,
      response: { 200: vaultCountReplySchema, 201: vaultCountReplySchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const result = await createCount(app.db, authOf(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  });
};
