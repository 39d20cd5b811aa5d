import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TODAS_LAS_RUTAS, claveDeRuta, routes } from '@radica/contracts/routes';
import { startTestApp, type TTestApp } from './helpers.ts';

/**
 * The route table (@radica/contracts/routes, docs/decisions/053) and the server agree: every route the API registers
 * (fastify's onRoute, app.routeTable) is in the table with the same roles, and every entry is registered. Not API
 * routes: the OpenAPI viewer (/api/docs), the SPA and the simulators (/_sim).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const esApi = (url: string) => (url.startsWith('/api/') && !/^\/api\/docs(\/|$)/.test(url)) || ['/ping', '/health/ready', '/metrics'].includes(url);

describe('route table', () => {
  it('every registered API route is in the table, with the roles the table gives', () => {
    const tabla = new Map(TODAS_LAS_RUTAS.map((r) => [claveDeRuta(r), r]));
    const registradas = t.app.routeTable.filter((r) => r.method !== 'HEAD' && esApi(r.url));
    expect(registradas.length).toBeGreaterThan(100);
    const fuera = registradas.filter((r) => !tabla.has(claveDeRuta({ method: r.method as 'GET', path: r.url }))).map((r) => `${r.method} ${r.url}`);
    expect(fuera).toEqual([]);
    const distintas = registradas
      .filter((r) => {
        const e = tabla.get(claveDeRuta({ method: r.method as 'GET', path: r.url }))!;
        return JSON.stringify(e.roles) !== JSON.stringify(r.roles) || (e.anonimo ?? false) !== r.anonimo;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(distintas).toEqual([]);
  });

  it('every table entry is registered (the test app keeps the local outbox and /metrics on its port)', () => {
    const registradas = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    const faltan = TODAS_LAS_RUTAS.map(claveDeRuta).filter((k) => !registradas.has(k));
    expect(faltan).toEqual([]);
  });

  it('has no entry twice and names each area once', () => {
    const claves = TODAS_LAS_RUTAS.map(claveDeRuta);
    expect(new Set(claves).size).toBe(claves.length);
    expect(Object.keys(routes)).toEqual(['sistema', 'auth', 'prestador', 'documentos', 'pagos', 'integraciones', 'usuarios', 'rips']);
  });
});
