import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PROVIDER_CONFIG, registerAndLogin, startSimulator, startTestApp, uploadPar1Copy, waitFor, type TTestApp } from '../../../test/helpers.ts';
import { CRON_TZ, SEND_QUEUE } from './queue.ts';
import { jobIdOf } from './job-ids.ts';

/**
 * on one process (PGlite, and PostgreSQL with DATABASE_URL): one send queue for every tenant, served in
 * fair turns; pg-boss cron in Bogotá time for the daily jobs; derived job ids enqueue once.
 */
let sim: Awaited<ReturnType<typeof startSimulator>>;
let t: TTestApp;
beforeAll(async () => {
  sim = await startSimulator(80);
  // One send at a time in the whole process makes the order of service visible.
  t = await startTestApp({ muvBaseUrl: sim.url, muvSimulator: false, jobsConcurrency: 1, muvTenantConcurrency: 1 });
});
afterAll(async () => {
  await t?.close();
  await sim?.app.close();
});

describe('one send queue, fair between tenants (docs/decisions/027)', () => {
  it("a tenant's 12 queued sends delay another tenant's two, enqueued later, by about one turn each", async () => {
    const a = await registerAndLogin(t.url, 'turnos-a@example.co', '901019681');
    const b = await registerAndLogin(t.url, 'turnos-b@example.co', '901019681');
    await a.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    await b.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const aIds: number[] = [];
    for (let i = 0; i < 12; i++) aIds.push(await uploadPar1Copy(a.c, `TRA${100 + i}`));
    const bIds = [await uploadPar1Copy(b.c, 'TRB100'), await uploadPar1Copy(b.c, 'TRB101')];
    expect((await a.c.post('/api/FevRips/envio-masivo', { ids: aIds })).body.data.encolados).toBe(12);
    const order = async () =>
      (
        await t.app.deps.dbRows<{ fev_rips_id: number }>(
          sql`select fev_rips_id from muv_attempts where operation = 'CargarFevRips' and fev_rips_id = any(${`{${[...aIds, ...bIds].join(',')}}`}::int[]) order by started_at`,
          { prepared: false },
        )
      ).map((r) => r.fev_rips_id);
    await waitFor('two of A sent', async () => (await order()).length >= 2);
    expect((await b.c.post('/api/FevRips/envio-masivo', { ids: bIds })).body.data.encolados).toBe(2);
    await waitFor('all sent', async () => (await order()).length === 14, 60_000);
    const sent = await order();
    const firstB = Math.min(...bIds.map((id) => sent.indexOf(id)));
    const lastB = Math.max(...bIds.map((id) => sent.indexOf(id)));
    // Without turns B would wait for all of A's 12; with them B's two alternate with A's next ones.
    expect(lastB).toBeLessThan(9);
    expect(lastB - firstB).toBeLessThanOrEqual(3);
    // The list shows no send as queued any more (envio_cola emptied as jobs end).
    await waitFor('queue rows gone', async () => (await t.app.deps.dbRows<{ n: number }>(sql`select count(*)::int as n from envio_cola`, { prepared: false }))[0]!.n === 0);
    const rows = (await a.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 20, estado: '', formato: 'TRA' })).body.data.results.data as Array<{ enviandose: boolean; estado: string }>;
    expect(rows.every((r) => !r.enviandose && r.estado === 'APROBADO')).toBe(true);
  });

  it('the daily jobs are pg-boss cron schedules in Bogotá time; a derived job id enqueues once', async () => {
    const schedules = (await t.app.deps.jobs!.boss.getSchedules()) as Array<{ name: string; cron: string; timezone: string }>;
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s]));
    expect(byName['resumen-diario']).toMatchObject({ cron: `*/15 ${t.config.alertasResumenHora}-23 * * *`, timezone: CRON_TZ });
    expect(byName['sftp-barrido']).toMatchObject({ cron: '* * * * *', timezone: 'America/Bogota' });
    expect(byName['correo-barrido']).toMatchObject({ timezone: 'America/Bogota' });
    // NODE_ENV=test turns the daily backup off: not scheduled.
    expect(byName['copia-diaria']).toBeUndefined();
    const id = jobIdOf('prueba:una-vez');
    await t.app.deps.jobs!.send('resumen-diario', [{ id, data: {}, startAfterS: 3600 }]);
    await t.app.deps.jobs!.send('resumen-diario', [{ id, data: {}, startAfterS: 3600 }]);
    const [jobs] = await t.app.deps.dbRows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where id = ${id}::uuid`, { prepared: false });
    expect(jobs!.n).toBe(1);
    expect(SEND_QUEUE).toBe('envio-fevrips');
  });
});
