import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Paths that are not part of Radica's public API: the simulators, the operator's and the development routes. */
const OCULTAS = /^\/(_sim\/|api\/admin\/|api\/dev\/|_control)/;

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' zod contracts (packages/contracts) by
 * @fastify/swagger with fastify-type-provider-zod's transform, served as JSON at /api/docs/json and browsable at
 * /api/docs (@fastify/swagger-ui). Issue 15 "OpenAPI 3.1 generated from the zod contracts". Register before the
 * routes: the document collects them as they are added. The simulators and the operator routes are left out.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Radica API',
        version: '1.0.0',
        description:
          'API de Radica para radicar facturas electrónicas (FEV) y RIPS ante el Ministerio de Salud. Las llamadas de documentos aceptan la sesión de la aplicación o una clave de API (`Authorization: Bearer rk_live_…`, creada en Configuración › Integraciones). Guía: docs/integracion-api.md.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          claveApi: { type: 'http', scheme: 'bearer', description: 'Clave de API de la institución (rk_live_…).' },
          sesion: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Token de acceso de la sesión, con el encabezado X-Validator.' },
        },
      },
      security: [{ claveApi: [] }, { sesion: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return OCULTAS.test(input.url) ? { ...out, schema: { ...out.schema, hide: true } } : out;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });
}
