import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API reference, generated from the same zod schemas the routes validate with. Its pages (/api/docs and
 * /api/docs/json) are served only when `serve` is true: outside production (decision 0125).
 */
export async function registerOpenApi(app: FastifyInstance, serve: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kalinga API', version: '1.0.0', description: 'Counselling appointments, resources, reports and administration.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (serve) await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
