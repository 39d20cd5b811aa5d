import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { repsImports, repsPrestadores } from '../../db/schema.ts';
import { registerAndLogin, startTestApp } from '../../../test/helpers.ts';
import { loadRepsSeedIfEmpty, REPS_SEED_FILE } from './service.ts';

type TSeedRecord = { source: { fechaCorteREPS: string; rows: number }; seed: { rows: number; sha256: string; columns: string[] } };

describe('bundled REPS seed', () => {
  it('is what scripts/derive-reps-seed.ts recorded', () => {
    const record = JSON.parse(readFileSync(new URL('./data/reps-prestadores-semilla.json', import.meta.url), 'utf8')) as TSeedRecord;
    const text = gunzipSync(readFileSync(REPS_SEED_FILE));
    expect(createHash('sha256').update(text).digest('hex')).toBe(record.seed.sha256);
    const lines = text.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(record.seed.columns.join(','));
    expect(lines.length - 1).toBe(record.seed.rows);
    expect(record).toMatchObject({ source: { fechaCorteREPS: '2023-06-19', rows: 9941 }, seed: { rows: 2130 } });
  });

  it('fills an empty provider table at start, once, so a fresh install can search', async () => {
    const t = await startTestApp({ repsSeed: true });
    try {
      const [row] = await t.app.deps.db
        .select({ n: sql<number>`count(*)::int`, activos: sql<number>`(count(*) filter (where habilitado))::int` })
        .from(repsPrestadores);
      expect(row).toEqual({ n: 2130, activos: 2130 });
      const runs = await t.app.deps.db.select().from(repsImports);
      expect(runs).toMatchObject([{ origen: 'semilla', estado: 'completa', filas: 2130, insertados: 2130, malformadas: 0 }]);
      expect(await loadRepsSeedIfEmpty(t.app.deps)).toBeNull();
      expect(await t.app.deps.db.select().from(repsImports)).toHaveLength(1);
      const { c } = await registerAndLogin(t.url, 'semilla@example.co', '901019681', undefined, []);
      const found = await c.get('/api/Auth/prestadores/autocomplete?texto=190750915001');
      expect(found.body.data.items.map((i: { codigoPrestadorServicio: string }) => i.codigoPrestadorServicio)).toEqual(['190750915001']);
    } finally {
      await t.close();
    }
  }, 60_000);
});
