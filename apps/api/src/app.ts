import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { configureZodSpanish } from '@radica/contracts/common';
import type { TConfig } from './config.ts';
import type { TDeps } from './deps.ts';
import { openDatabase } from './db/client.ts';
import { startJobQueue } from './modules/jobs/queue.ts';
import { jobRegistry, maintainSends } from './modules/jobs/registry.ts';
import { createArbol } from './modules/canal-sftp/tree.ts';
import { createServer } from './app/server.ts';
import { buildDeps, whatsappSimulatorKeys } from './app/deps.ts';
import { registerCommonPlugins } from './app/common.ts';
import { apiRole, ingestMail, ingestSftp, registerRoutes, workerRole } from './app/roles.ts';
import type { TAppParts } from './app/parts.ts';

export type { TRouteInfo } from './app/server.ts';
export type { TAppParts, TWompiSimulatorOptions } from './app/parts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: TDeps;
  }
}

/** This source folder, also in the compiled build (scripts/build.mjs keeps `import.meta.dirname`, decision 032). */
const HERE = import.meta.dirname;

/**
 * Build the app for the process's roles (config.roles; DESIGN.md "Processes for many providers"; docs/decisions/026
 * and 054): opens the database and brings it up to date (under the migration lock, or refusing when
 * MIGRATE_ON_START=false), starts the job queue (every role enqueues), builds the services' parts, registers every
 * queue of the job registry, and then the role plugins (app/roles.ts):
 * - api: every HTTP route, the simulators when configured, the built SPA;
 * - worker: runs every queue's jobs, pg-boss cron (daily summary, backups), the maintenance of sends and jobs;
 * - ingest: the SFTP server, the inbound SMTP server and the IMAP poll (their accepted work becomes jobs).
 * Every role answers /ping and /health/ready. Does not listen; the worker and the channel servers start once it does.
 */
export async function buildApp(config: TConfig, parts: TAppParts = {}): Promise<FastifyInstance> {
  configureZodSpanish();
  const app = createServer(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteDataDir: config.pgliteDataDir,
    migrations: config.migrateOnStart ? 'apply' : 'require',
    pgliteSnapshot: config.pgliteSnapshot,
    log: app.log,
  });
  app.addHook('onClose', async () => database.close());

  // The job queue (docs/decisions/005, 027) starts before the services, so `deps.jobs` is never missing; its queues
  // are defined in every role (a producer creates the queue it sends to) and run by the worker role only.
  const jobs = await startJobQueue({ deps: { config, db: database.db, dbKind: database.kind, log: app.log } });
  const whatsappSim = whatsappSimulatorKeys(config, Boolean(parts.whatsappSimulator));
  const deps = buildDeps(app, { config, database, jobs, whatsappSim });
  app.decorate('deps', deps);
  await registerCommonPlugins(app, deps);

  // The SFTP channel's file tree: its server (ingest) receives into it, its jobs (any worker) file from it.
  const arbolSftp = createArbol(deps.db, config.dataDir);
  const registry = jobRegistry(deps, arbolSftp);
  jobs.register(registry, () => maintainSends(deps));

  const canalSftp = ingestSftp(app, deps, arbolSftp);
  await registerRoutes(app, deps, canalSftp);
  if (config.roles.includes('api')) await apiRole(app, deps, parts, whatsappSim, join(HERE, '../../web/dist'));
  if (config.roles.includes('worker')) await workerRole(app, deps, registry);
  app.addHook('preClose', async () => deps.jobs.stop());
  ingestMail(app, deps);
  return app;
}
