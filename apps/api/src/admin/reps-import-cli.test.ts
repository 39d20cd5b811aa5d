import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { repsImports, repsPrestadores } from '../db/schema.ts';
import { runRepsImport } from './reps-import-cli.ts';
import { registerAndLogin, SAMPLES, startTestApp, type TTestApp } from '../../test/helpers.ts';

const EXTRACT = join(SAMPLES, 'tablas-referencia/REPS_prestadores_extracto-Cali-Valle-Cauca-Narino_corte-2023-06-19.csv');
const HEADER = 'depa_nombre,muni_nombre,codigo_habilitacion,nombre_prestador,nits_nit,razon_social,clpr_codigo,habilitado';
const portOf = (url: string) => Number(new URL(url).port);

/** The newest import run and the provider count, read from the app's database. */
async function lastRun(t: TTestApp) {
  const [run] = await t.app.deps.db.select().from(repsImports).orderBy(desc(repsImports.id)).limit(1);
  const [{ n }] = (await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(repsPrestadores)) as [{ n: number }];
  return { run, prestadores: n };
}

describe('npm run reps:import -- FILE.csv', () => {
  it('checks its arguments', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const config = { ...(await import('../config.ts')).loadConfig({ NODE_ENV: 'test' }), port: 1 };
      expect(await runRepsImport([], config)).toBe(2);
      expect(await runRepsImport(['a.csv', 'b.csv'], config)).toBe(2);
      expect(await runRepsImport(['/no/existe.csv'], config)).toBe(1);
      expect(err).toHaveBeenCalledWith('No se encontró el archivo /no/existe.csv.');
    } finally {
      err.mockRestore();
    }
  });

  it('streams the file to the running server, and opens the database itself when none runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'radica-reps-cli-'));
    // The embedded database on disk, shared by the server and the direct run; PostgreSQL when DATABASE_URL is set.
    const overrides = process.env.DATABASE_URL ? { dataDir } : { databaseUrl: null, pgliteDataDir: join(dataDir, 'db'), dataDir };
    const small = join(dataDir, 'prestadores.csv');
    writeFileSync(small, `${HEADER}\nCauca,POPAYÁN,1900199991,IPS DE PRUEBA DEL CAUCA,900199991,IPS DE PRUEBA DEL CAUCA SAS,1,SI\n`);
    const broken = join(dataDir, 'sin-columnas.csv');
    writeFileSync(broken, 'codigo_habilitacion,nombre_prestador\n1900199992,X\n');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lines: string[] = [];
    const sink = { write: (line: string) => lines.push(line) };
    let t: TTestApp | null = await startTestApp(overrides);
    try {
      const viaServer = { ...t.config, port: portOf(t.url) };
      expect(await runRepsImport([small], viaServer, sink)).toBe(0);
      expect(log).toHaveBeenCalledWith(MSG_CUENTAS.repsImportado({ filas: 1, insertados: 1, actualizados: 0, retirados: 0 }));
      expect(await lastRun(t)).toMatchObject({ run: { origen: 'npm run reps:import (servidor)', fuente: 'prestadores.csv', estado: 'completa' }, prestadores: 1 });
      const { c } = await registerAndLogin(t.url, 'reps-cli@example.co', '901019681', undefined, []);
      expect((await c.get('/api/Auth/prestadores/autocomplete?texto=ips%20prueba%20cauca')).body.data.items[0].codigoPrestadorServicio).toBe('190019999101');

      expect(await runRepsImport([broken], viaServer, sink)).toBe(1);
      expect(err).toHaveBeenCalledWith(MSG_CUENTAS.repsColumnasFaltantes(['depa_nombre', 'muni_nombre', 'nits_nit', 'razon_social', 'clpr_codigo', 'habilitado']));

      // No server answers (port 1): the command opens the database itself. The embedded one must be free first.
      if (!process.env.DATABASE_URL) {
        await t.close();
        t = null;
      }
      const direct = { ...viaServer, port: 1 };
      expect(await runRepsImport([EXTRACT], direct, sink)).toBe(0);
      expect(log).toHaveBeenCalledWith(MSG_CUENTAS.repsImportado({ filas: 9940, insertados: 9940, actualizados: 0, retirados: 1 }));
      expect(log).toHaveBeenCalledWith(MSG_CUENTAS.repsFilasMalformadas(1));
      expect(lines.at(-1)).toMatch(/^REPS: 9\.940 filas · 2\.1 de 2\.1 MB · [\d.]+ filas\/s$/);
      t ??= await startTestApp({ ...overrides, encryptionKey: viaServer.encryptionKey, jwtSecret: viaServer.jwtSecret });
      expect(await lastRun(t)).toMatchObject({ run: { origen: 'npm run reps:import (directo)', estado: 'completa', retirados: 1, malformadas: 1 }, prestadores: 9941 });
    } finally {
      log.mockRestore();
      err.mockRestore();
      await t?.close();
    }
  }, 120_000);
});
