import { startRoles } from './roles/start.ts';

/**
 * Entry point of `npm start`: every role (api, worker, ingest) in one process, on the embedded PGlite database by
 * default (the zero-setup install) or on DATABASE_URL; JOBS_WORKER=false leaves jobs to `npm run start:worker`.
 */
await startRoles(null, 'npm start');
