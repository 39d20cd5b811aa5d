import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes, type TRuta } from '@radica/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TTestApp } from './helpers.ts';

/** The OpenAPI 3.1 document generated from the zod contracts validates and names every documents route. */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The `METHOD path` of every route a module's routes.ts declares with `r.get('…'` / `app.post('…'`. */
/** `METHOD /path/{param}` of table entries, as the OpenAPI document writes them. */
function openApiKeys(entries: readonly TRuta[]): string[] {
  return entries.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
}

describe('OpenAPI document (/api/docs)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await fetch(`${t.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every documents and API-channel route, and none of the simulators or operator routes', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const have = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const { documentos: d, integraciones: i } = routes;
    const expected = openApiKeys([
      ...Object.values(d).filter((r) => !r.path.includes('/notas') && !r.path.endsWith('/servicios')),
      i.claves, i.crearClave, i.revocarClave, i.confirmarClave, i.radicarPaquete, i.paquete,
    ]);
    expect(expected.length).toBeGreaterThan(15);
    for (const route of expected) expect(have.has(route), route).toBe(true);
    expect(Object.keys(doc.paths).filter((p) => /^\/(_sim|api\/admin|api\/dev)/.test(p))).toEqual([]);
  });

  it('tags and summarises every operation in Spanish, the integrator API first, with no repository path', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
      info: { description: string };
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !op.tags?.length || !op.summary)
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
    const known = new Set(doc.tags.map((tag) => tag.name));
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(known.has(op.tags![0]!), op.tags![0]).toBe(true);
    expect(doc.tags[0]!.name).toBe('API de integración');
    expect(Object.keys(doc.paths).slice(0, 2).sort()).toEqual(['/api/v1/paquetes', '/api/v1/paquetes/{id}']);
    expect(doc.paths['/api/v1/paquetes']!.post!.tags).toEqual(['API de integración']);
    // No repository path (docs/…, apps/…, *.md, *.ts) anywhere in the document.
    expect(JSON.stringify(doc)).not.toMatch(/\b(docs|apps|packages)\/[\w-]+|\.md\b|\.ts\b/);
  });

  it('is browsable at /api/docs', async () => {
    const res = await fetch(`${t.url}/api/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });
});

describe('OpenAPI examples', () => {
  it('carry the filing and the filed package, and each example is valid for its own contract', async () => {
    const { ZPaqueteData, ZPaqueteJsonRequest } = await import('@radica/contracts/integraciones');
    const { ZEventoWebhook } = await import('@radica/contracts/avisos');
    const { EJEMPLO_PAQUETE_DATA, EJEMPLO_PAQUETE_JSON, EJEMPLO_EVENTO_WEBHOOK, EJEMPLO_RIPS } = await import('@radica/contracts/ejemplos');
    expect(ZPaqueteData.safeParse(EJEMPLO_PAQUETE_DATA).success).toBe(true);
    expect(ZPaqueteJsonRequest.safeParse(EJEMPLO_PAQUETE_JSON).success).toBe(true);
    expect(ZEventoWebhook.safeParse(EJEMPLO_EVENTO_WEBHOOK).success).toBe(true);
    // The RIPS example has the structure of the real samples: the same field names at every level it shows.
    const real = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../shared/samples/par1_rips_evento_nit901019681_A01E5687.json'), 'utf8'));
    expect(Object.keys(EJEMPLO_RIPS).sort()).toEqual(Object.keys(real).sort());
    expect(Object.keys(EJEMPLO_RIPS.usuarios[0]).sort()).toEqual(Object.keys(real.usuarios[0]).sort());
    expect(Object.keys(EJEMPLO_RIPS.usuarios[0].servicios.procedimientos[0]).sort()).toEqual(Object.keys(real.usuarios[0].servicios.procedimientos[0]).sort());
    const doc = JSON.stringify(await (await fetch(`${t.url}/api/docs/json`)).json());
    expect(doc).toContain('"examples"');
    expect(doc).toContain(EJEMPLO_PAQUETE_DATA.resultado.cuv);
    expect(doc).toContain('"codProcedimiento":"893815"');
  });
});
