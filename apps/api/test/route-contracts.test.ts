import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from './helpers.ts';

/** Every API route describes its answer with a contract schema (fastify-type-provider-zod serializes with it). */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('route contracts', () => {
  it('every /api route and /ping declares a response schema for 200', () => {
    // /api/docs is the OpenAPI document and its viewer (@fastify/swagger-ui): pages, not API answers.
    const api = t.app.routeTable.filter(
      (r) => (r.url.startsWith('/api/') || r.url === '/ping') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
    );
    expect(api.length).toBeGreaterThan(30);
    const missing = api.filter((r) => !r.schema?.response?.['200']).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
