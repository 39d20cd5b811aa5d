import { sql } from 'drizzle-orm';
import type { TSqlRows } from '../../db/client.ts';
import type { TQueueStat } from '../../lib/metrics.ts';

/**
 * Jobs per pg-boss queue for the metrics (one read of pg-boss's job table per scrape; nothing is written there):
 * ready to run (created or retry, start_after passed), delayed (start later: SFTP pair time-outs, verification
 * resends), active, and the age in seconds of the oldest ready job. Queues with nothing pending are absent.
 * Rejects when pg-boss's schema does not exist yet (the caller reports no queue series then).
 */
export async function pgBossQueueStats(rows: TSqlRows): Promise<TQueueStat[]> {
  const result = await rows<{ queue: string; queued: number; delayed: number; active: number; oldest: number | string | null }>(
    sql`select name as queue,
          (count(*) filter (where state in ('created', 'retry') and start_after <= now()))::int as queued,
          (count(*) filter (where state in ('created', 'retry') and start_after > now()))::int as delayed,
          (count(*) filter (where state = 'active'))::int as active,
          extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
        from pgboss.job
        where state < 'completed'
        group by name
        order by name`,
    { prepared: false },
  );
  return result.map((r) => ({ queue: r.queue, queued: r.queued, delayed: r.delayed, active: r.active, oldestS: Number(r.oldest ?? 0) }));
}
