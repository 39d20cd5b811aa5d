import { z } from 'zod';

/** What a backup holds: the embedded database's data directory (PGlite) or a PostgreSQL custom-format dump. */
export const BACKUP_KINDS = ['pglite', 'pg_dump'] as const;
export type TBackupKind = (typeof BACKUP_KINDS)[number];

/** POST /api/admin/backup (operator): no parameters; the server writes into its BACKUP_DIR. */
export const ZBackupRequest = z.object({}).strict().optional();

/** POST /api/admin/backup `data`: the file written (absolute path), its size in bytes, its kind and when (ISO UTC). */
export const ZBackupData = z.object({
  archivo: z.string(),
  bytes: z.number().int().nonnegative(),
  tipo: z.enum(BACKUP_KINDS),
  creadaEn: z.string(),
});
export type TBackupData = z.infer<typeof ZBackupData>;
