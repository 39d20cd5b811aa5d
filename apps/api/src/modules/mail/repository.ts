import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema-accounts.ts';

/** The local outbox's queries (mail kept when no SMTP_URL is set; read by the operator only, no tenant). */

export async function insertOutboxMail(db: TDb, mail: { to: string; subject: string; text: string; html: string | null }): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/** The newest `limit` messages to `to`. */
export function listOutboxMail(db: TDb, to: string, limit: number) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id)).limit(limit);
}
