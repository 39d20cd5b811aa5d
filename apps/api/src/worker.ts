import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

/**
 * `npm run worker`: only the bulk-send worker (pg-boss), against PostgreSQL (DATABASE_URL), for deployments that
 * run API and workers as separate processes (set JOBS_WORKER=false on the API). The embedded PGlite database has
 * one owner process, so without DATABASE_URL the worker runs inside `npm start` instead and this refuses to start.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker necesita DATABASE_URL (PostgreSQL). Con la base embebida el trabajador corre dentro de npm start.');
  process.exit(2);
}
const app = await buildApp({ ...config, jobsWorker: false, muvSimulator: false });
await app.ready();
await app.deps.jobs?.startWorker();
app.log.info({ tenantConcurrency: config.muvTenantConcurrency, batchSize: config.jobsBatchSize }, 'Radica worker listo');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
