import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaqueteJsonRequest } from '@radica/contracts/integraciones';
import { ETIQUETAS, etiquetaDe, resumenDe } from './openapi-operaciones.ts';

/** Paths that are not part of Radica's public API: the simulators, the operator's and the development routes. */
const OCULTAS = /^\/(_sim\/|api\/admin\/|api\/dev\/|_control)/;

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' zod contracts (packages/contracts) by
 * @fastify/swagger with fastify-type-provider-zod's transform, served as JSON at /api/docs/json and browsable at
 * /api/docs (@fastify/swagger-ui).. Register before the
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
          'API de Radica para radicar facturas electrónicas (FEV) y RIPS ante el Ministerio de Salud. Para integrar tu HIS o software de facturación empieza por **API de integración**: crea una clave en Configuración › Integraciones y envíala en `Authorization: Bearer rk_live_…`. Las llamadas de documentos aceptan la sesión de la aplicación o una clave de API; las marcadas como uso interno son las de la aplicación web y pueden cambiar sin aviso.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          claveApi: { type: 'http', scheme: 'bearer', description: 'Clave de API de la institución (rk_live_…).' },
          sesion: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Token de acceso de la sesión, con el encabezado X-Validator.' },
        },
      },
      security: [{ claveApi: [] }, { sesion: [] }],
      tags: ETIQUETAS.map((e) => ({ ...e })),
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (OCULTAS.test(input.url)) return { ...out, schema: { ...out.schema, hide: true } };
      // Every operation is tagged and summarised in Spanish; a route's own summary or tags win.
      const method = [input.route.method].flat()[0] ?? '';
      const own = out.schema as { summary?: string; tags?: string[] };
      const etiqueta = etiquetaDe(input.url);
      const resumen = resumenDe(method, input.url);
      return {
        ...out,
        schema: {
          ...out.schema,
          ...(own.tags?.length || !etiqueta ? {} : { tags: [etiqueta] }),
          ...(own.summary || !resumen ? {} : { summary: resumen }),
        },
      };
    },
    transformObject: (input) => porEtiqueta(withFilingBody(jsonSchemaTransformObject(input) as TOpenApiDoc)),
  });
  // BaseLayout: no Swagger top bar, whose logo carries an inline <style> the page's CSP blocks.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    theme: { title: 'Radica API: documentación' },
    uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
  });
}

/** The paths in the order of their tags ({@link ETIQUETAS}): the integrator's API first. */
function porEtiqueta<T extends TOpenApiDoc>(doc: T): T {
  if (!doc.paths) return doc;
  const orden = new Map<string, number>(ETIQUETAS.map((e, i) => [e.name, i]));
  const rango = (ops: Record<string, Record<string, unknown>>) =>
    Math.min(...Object.values(ops).map((op) => orden.get(((op.tags as string[] | undefined) ?? [])[0] ?? '') ?? ETIQUETAS.length));
  const entries = Object.entries(doc.paths).map((e, i) => ({ e, i, r: rango(e[1]) }));
  entries.sort((a, b) => a.r - b.r || a.i - b.i);
  return { ...doc, paths: Object.fromEntries(entries.map(({ e }) => e)) };
}

type TOpenApiDoc = { paths?: Record<string, Record<string, Record<string, unknown>>> };

/**
 * POST /api/v1/paquetes reads its body itself (multipart or JSON: integraciones/routes.ts), so Fastify has no body
 * schema to document: the document gets both content types here, the JSON one from its zod contract (with the
 * example in the shape of the real samples).
 */
function withFilingBody<T extends TOpenApiDoc>(doc: T): T {
  const op = doc.paths?.['/api/v1/paquetes']?.post;
  if (!op) return doc;
  const json = z.toJSONSchema(ZPaqueteJsonRequest, { io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  op.requestBody = {
    required: true,
    content: {
      'application/json': { schema: json },
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            xml: { type: 'string', format: 'binary', description: 'El XML de la factura o nota (AttachedDocument).' },
            rips: { type: 'string', format: 'binary', description: 'El RIPS en JSON.' },
            enviar: { type: 'string', enum: ['true', 'false'], default: 'false' },
          },
        },
      },
    },
  };
  return doc;
}
