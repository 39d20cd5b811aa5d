import { startWorker } from './roles/worker.ts';

/** `npm run worker` (kept): the same as `npm run start:worker`. */
await startWorker();
