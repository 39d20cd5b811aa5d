import type { IncomingMessage, ServerResponse } from 'node:http';
import { muvSimulatorPlugin } from '@radica/muv-simulator/plugin';
import { wompiSimulatorPlugin } from '@radica/wompi-simulator/plugin';
import { whatsappSimulatorPlugin } from '@radica/whatsapp-simulator/plugin';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type TRole } from '../config.ts';
import { recordLocalServer } from '../lib/local-server.ts';

/**
 * How long a stopping process lets the requests it was serving finish (ms): under Docker's default 10 s between
 * `docker stop`'s SIGTERM and its SIGKILL (docs/decisions/043).
 */
export const STOP_GRACE_MS = 8_000;

/** Resolves once every response of `pending` has closed, or after `graceMs`. */
async function drain(pending: Set<ServerResponse>, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  while ([...pending].some((res) => !res.closed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}


/** Print a start-up refusal (a Spanish sentence saying what to do) and exit non-zero. */
export function refuse(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/**
 * Start this process with `roles` (DESIGN.md "Processes for many providers"; docs/decisions/026): config from the
 * environment, the database brought up to date (or refused, MIGRATE_ON_START=false), the app for those roles,
 * listening on HOST:PORT (every role answers /ping and /health/ready there), stopped gracefully on SIGINT/SIGTERM.
 * A split role (not all three) needs PostgreSQL: the embedded database has one owner process. `null` roles: the
 * configuration's (all three for `npm start`, unless JOBS_WORKER=false). Exits non-zero with the reason when the
 * configuration or the database refuses.
 */
export async function startRoles(roles: TRole[] | null, label: string): Promise<FastifyInstance> {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    refuse((err as Error).message);
  }
  const wanted = roles ?? config.roles;
  if (roles && !config.databaseUrl)
    refuse(
      `${label} necesita DATABASE_URL (PostgreSQL): la base embebida tiene un solo proceso dueño. ` +
        'Para correr todo en un proceso use `npm start`.',
    );
  let app: FastifyInstance;
  try {
    app = await buildApp({ ...config, roles: wanted }, { muvSimulator: muvSimulatorPlugin, wompiSimulator: wompiSimulatorPlugin, whatsappSimulator: whatsappSimulatorPlugin });
  } catch (err) {
    refuse(`${label} no pudo iniciar: ${(err as Error).message}`, 1);
  }
  await app.listen({ port: config.port, host: config.host });
  // The embedded database has one owner: the operator's commands find it here when run without this PORT.
  const address = app.server.address();
  if (app.deps.dbKind === 'pglite') recordLocalServer(config.dataDir, typeof address === 'object' && address ? address.port : config.port);
  app.log.info(
    { url: `http://localhost:${config.port}`, roles: wanted, database: app.deps.dbKind, startupMs: Math.round(performance.now() - started) },
    'Radica lista',
  );
  // Requests being received or answered. On SIGTERM those already here finish (up to STOP_GRACE_MS) before close(),
  // which then cuts every connection left (forceCloseConnections: an idle keep-alive must not hold the exit).
  const inFlight = new Set<ServerResponse>();
  app.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void drain(new Set(inFlight), STOP_GRACE_MS)
        .then(() => app.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
  return app;
}
