import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MuvStateStore, packageKey, type TPaqueteAceptado } from './state.ts';

function paquete(key: string, procesoId: number, cuv: string): TPaqueteAceptado {
  return {
    key,
    endpoint: 'CargarFevRips',
    procesoId,
    cuv,
    fechaRadicacion: '2026-11-21T10:00:00.0000000-05:00',
    numFactura: 'F1',
    modalidadPago: null,
    periodoAtencion: null,
    consulta: {
      tipoDocumento: 'FV',
      numDocumentoIdObligado: '1',
      numeroDocumento: 'F1',
      fechaEmision: null,
      totalFactura: 0,
      cantidadUsuarios: 0,
      cantidadAtenciones: 0,
      totalValorServicios: 0,
      identificacionAdquiriente: null,
      codigoPrestador: null,
      modalidadPago: null,
      numDocumentoReferenciado: null,
    },
    resultados: [],
  };
}

describe('MuvStateStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'muv-sim-state-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keys packages by NIT, numFactura, tipoNota and numNota', () => {
    expect(packageKey('1', 'F1', null, null)).toBe('1|F1||');
    expect(packageKey('1', 'F1', 'NC', 'NC9')).toBe('1|F1|NC|NC9');
  });

  it('persists atomically and reloads packages and the ProcesoId counter', async () => {
    const file = join(dir, 'sub', 'estado.json');
    const a = new MuvStateStore(file);
    await a.load();
    expect(a.nextProcesoId()).toBe(1);
    a.add(paquete('1|F1||', 1, 'A'.repeat(96)));
    await Promise.all([a.persist(), a.persist()]);
    expect((await readdir(join(dir, 'sub'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const b = new MuvStateStore(file);
    await b.load();
    expect(b.size).toBe(1);
    expect(b.findByKey('1|F1||')?.procesoId).toBe(1);
    expect(b.findByCuv('a'.repeat(96))?.key).toBe('1|F1||');
    expect(b.nextProcesoId()).toBe(2);

    await b.reset();
    const c = new MuvStateStore(file);
    await c.load();
    expect(c.size).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      version: 1,
      lastProcesoId: 0,
      paquetes: [],
    });
  });

  it('refuses a file that is not a simulator state file', async () => {
    const file = join(dir, 'otro.json');
    await writeFile(file, '{"hola": 1}');
    await expect(new MuvStateStore(file).load()).rejects.toThrow(/no es un archivo de estado/);
  });

  it('keeps memory-only state without a file', async () => {
    const s = new MuvStateStore(null);
    await s.load();
    s.add(paquete('k', s.nextProcesoId(), 'b'.repeat(96)));
    await s.persist();
    expect(s.size).toBe(1);
  });
});
