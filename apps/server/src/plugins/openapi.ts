import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { tidyOpenApiDocument } from './openapi-document';

/** The one way in: `Authorization: Bearer <token>` from POST /api/login or /api/register. */
const BEARER = [{ bearer: [] }];

/**
 * The API reference, generated from the same zod schemas the routes validate with. Its pages (/api/docs and
 * /api/docs/json) are served only when `serve` is true: outside production (decision 0125). Each route's schema
 * gives its summary and operationId; who may call it is read from the route itself: `config.public` routes
 * declare `security: []`, every other one the bearer token and its 401 (decision 0195). The document passes
 * Redocly's recommended rules (openapi-lint.test.ts).
 */
export async function registerOpenApi(app: FastifyInstance, serve: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kalinga API', version: '1.0.0', description: 'Counselling appointments, resources, reports, pawn lending and administration.' },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/login or POST /api/register.' } } },
      security: BEARER,
    },
    transform: (input) => {
      const isPublic = input.route.config?.public === true;
      const schema = { ...input.schema, security: isPublic ? [] : (input.schema?.security ?? BEARER) };
      const response = schema.response as Record<string, unknown> | undefined;
      if (!isPublic && response && !('401' in response)) schema.response = { ...response, 401: errorReplySchema };
      return jsonSchemaTransform({ ...input, schema });
    },
    transformObject: (document) => ('openapiObject' in document ? tidyOpenApiDocument(document.openapiObject) : document.swaggerObject),
  });
  if (serve) await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
