import { isMain } from '../lib/entry.ts';
import { startRoles } from './start.ts';

/**
 * `npm run start:ingest`: the channels' servers (SFTP, inbound SMTP, IMAP poll); what they accept is stored and
 * becomes jobs. Several may run (channel state is in the database; one IMAP poll at a time). Needs DATABASE_URL.
 */
export const startIngest = () => startRoles(['ingest'], 'npm run start:ingest');

if (isMain(import.meta.url)) await startIngest();
