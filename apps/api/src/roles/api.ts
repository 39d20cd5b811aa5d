import { isMain } from '../lib/entry.ts';
import { startRoles } from './start.ts';

/** `npm run start:api`: stateless HTTP (every route, the SPA); any number behind a load balancer. Needs DATABASE_URL. */
export const startApi = () => startRoles(['api'], 'npm run start:api');

if (isMain(import.meta.url)) await startApi();
