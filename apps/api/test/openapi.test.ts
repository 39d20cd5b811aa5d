import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TTestApp } from './helpers.ts';

/** Issue 15: the OpenAPI 3.1 document generated from the zod contracts validates and names every documents route. */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The `METHOD path` of every route a module's routes.ts declares with `r.get('…'` / `app.post('…'`. */
function routesOf(file: string): string[] {
  const source = readFileSync(join(import.meta.dirname, '../src/modules', file), 'utf8');
  return [...source.matchAll(/\b(?:r|app)\.(get|post|put|delete|patch)\(\s*'([^']+)'/g)].map(
    (m) => `${m[1]!.toUpperCase()} ${m[2]!.replace(/:(\w+)/g, '{$1}')}`,
  );
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
    const expected = [...routesOf('documents/routes.ts'), ...routesOf('integraciones/routes.ts'), ...routesOf('cuv/routes.ts')];
    expect(expected.length).toBeGreaterThan(15);
    for (const route of expected) expect(have.has(route), route).toBe(true);
    expect(Object.keys(doc.paths).filter((p) => /^\/(_sim|api\/admin|api\/dev)/.test(p))).toEqual([]);
  });

  it('is browsable at /api/docs', async () => {
    const res = await fetch(`${t.url}/api/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });
});
