import { startWorker } from './roles/worker.ts';

/** `npm run worker` (kept from issue 4): the same as `npm run start:worker`. */
await startWorker();
