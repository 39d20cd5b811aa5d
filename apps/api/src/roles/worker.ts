import { isMain } from '../lib/entry.ts';
import { startRoles } from './start.ts';

/** `npm run start:worker`: every background job, pg-boss cron and the sends' maintenance; any number. Needs DATABASE_URL. */
export const startWorker = () => startRoles(['worker'], 'npm run start:worker');

if (isMain(import.meta.url)) await startWorker();
