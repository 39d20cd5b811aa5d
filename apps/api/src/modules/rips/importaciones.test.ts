import { constants, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { PACIENTE_COLUMNAS } from '@radica/contracts/rips';
import { EXAMPLE_RIPS, MAX_XLSX_UNCOMPRESSED_BYTES, ripsToCsv } from '@radica/fevrips/sheet-io';
import { client, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';
import { JSON_TEXT_COMPRESS_FROM } from '../../lib/json-text.ts';

/**
 * Big imports of the RIPS module (docs/decisions/044): a patients CSV is read in the worker and written in batches
 * while the server keeps answering; every wrong value of a row is reported; an XLSX is measured by what it inflates
 * to, not by what its ZIP declares.
 */
let t: TTestApp;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  a = (await registerAndLogin(t.url, 'importa-a@ips.co', '901019681')).c;
  b = (await registerAndLogin(t.url, 'importa-b@ips.co', '900000002')).c;
}, 60_000);
afterAll(async () => t?.close());

const form = (name: string, bytes: Buffer, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('archivo', new Blob([new Uint8Array(bytes)]), name);
  return f;
};

const csv = (rows: string[]) => Buffer.from(`${[PACIENTE_COLUMNAS.join(';'), ...rows].join('\r\n')}\r\n`, 'utf8');
const pacientes = (n: number, from = 0) =>
  csv(Array.from({ length: n }, (_, i) => `CC;${20_000_000 + from + i};1980-02-${String(1 + (i % 28)).padStart(2, '0')};F;01;170;11001;02;170;Paciente ${from + i}`));
const countPacientes = async (c: ReturnType<typeof client>) => (await c.get('/api/rips/pacientes')).body.data.total as number;

/**
 * A ZIP whose one part, xl/worksheets/sheet1.xml, says in both its headers that it holds 1 KB but inflates to a valid
 * worksheet of `mb` MB (its sheetData padded with spaces, which an XML reader goes through to the end): a deflate
 * stream of the head, the same 1 MB block of spaces repeated and the tail, each compressed on its own so the pieces
 * chain into one valid stream (about 1 KB per MB).
 */
function lyingXlsx(mb: number): Buffer {
  const piece = (b: Buffer) => deflateRawSync(b, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const head = piece(Buffer.from('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'));
  const block = piece(Buffer.alloc(1_048_576, 0x20));
  const tail = piece(Buffer.from('</sheetData></worksheet>'));
  const data = Buffer.concat([head, ...Array<Buffer>(mb).fill(block), tail, Buffer.from([0x03, 0x00])]);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1024, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1024, 24);
  central.writeUInt16LE(name.length, 28);
  const dirOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('RIPS imports off the event loop, archives measured by what they inflate to', () => {
  it('a 1 MB XLSX declaring 1 KB but holding a 1 GB sheet is refused fast, with bounded memory and a Spanish 400 that says what to do', async () => {
    const bomb = lyingXlsx(1024);
    expect(bomb.length).toBeLessThan(1_500_000);
    const rss = () => process.memoryUsage().rss;
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
    const started = performance.now();
    const res = await a.post('/api/rips/borradores', form('bomba.xlsx', bomb, { origen: 'hoja' }));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'HOJA_ILEGIBLE', message: MSG_RIPS.hojaDescomprimidaGrande(MAX_XLSX_UNCOMPRESSED_BYTES / 1_048_576) });
    expect(res.body.message).toMatch(/guarda la hoja como \.csv/);
    // It stops at the 250 MB cap: a few seconds of inflating, never the whole gigabyte (wide margins: shared machine).
    expect(seconds).toBeLessThan(30);
    expect((peak - before) / 1_048_576).toBeLessThan(400);
    expect((await a.get('/api/rips/borradores')).body.data.total).toBe(0);
  });

  it('a big sheet becomes a draft stored compressed by the worker (a tenth of the bytes PGlite writes) that reads back whole, its patients recorded', async () => {
    type TUsuario = Record<string, unknown> & { servicios: Record<string, Record<string, unknown>[]> };
    const [u1] = EXAMPLE_RIPS['usuarios'] as TUsuario[];
    const usuarios = Array.from({ length: 2_500 }, (_, i) => ({ ...structuredClone(u1!), numDocumentoIdentificacion: String(3_000_000_000 + i), consecutivo: i + 1 }));
    const rips = { ...EXAMPLE_RIPS, usuarios };
    expect(JSON.stringify(rips).length).toBeGreaterThan(JSON_TEXT_COMPRESS_FROM);
    const res = await a.post('/api/rips/borradores', form('grande.csv', Buffer.from(ripsToCsv(rips).csv, 'utf8'), { origen: 'hoja' }));
    try {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      const [row] = await t.app.deps.dbRows<{ contenido: string }>(sql`select contenido from rips_borradores where id = ${res.body.data.id}`);
      expect(row!.contenido.startsWith('gz64:')).toBe(true);
      const draft = (await a.get(`/api/rips/borradores/${res.body.data.id}`)).body.data;
      expect(draft.rips.usuarios).toHaveLength(2_500);
      expect(draft.rips.usuarios[2_499].numDocumentoIdentificacion).toBe('3000002499');
      expect(JSON.stringify(draft.rips).length).toBeGreaterThan(row!.contenido.length * 5);
      expect(await countPacientes(a)).toBe(2_500);
      expect(await countPacientes(b)).toBe(0);
    } finally {
      await t.app.deps.dbRows(sql`delete from rips_borradores`);
      await t.app.deps.dbRows(sql`delete from rips_pacientes`);
    }
  }, 120_000);

  it('a patients CSV row with four wrong values reports all four (and a patient twice is named), Spanish per column; nothing is stored', async () => {
    const res = await a.post(
      '/api/rips/pacientes/importar',
      form(
        'pacientes.csv',
        csv(['CC;30000001;1980-01-01;F;01;170;11001;02;170;Ana', 'XYZ;30000002;31/12/1980;MUJER;01;170;11001;02;170;Bea', 'CC;30000003;;;;;;;;Carla', 'CC;30000001;;;;;;;;Ana otra vez', 'CC;30000004;1999-09-09;M;123;170;11001;02;170;Dora']),
      ),
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('HOJA_CON_ERRORES');
    expect(res.body.data.errores).toEqual([
      { fila: 3, columna: 'tipoDocumentoIdentificacion', mensaje: MSG_RIPS.pacienteCampo.tipoDocumentoIdentificacion },
      { fila: 3, columna: 'fechaNacimiento', mensaje: MSG_RIPS.pacienteCampo.fechaNacimiento },
      { fila: 3, columna: 'codSexo', mensaje: MSG_RIPS.pacienteCampo.codSexo },
      { fila: 5, columna: 'numDocumentoIdentificacion', mensaje: MSG_RIPS.pacienteRepetido(2) },
      { fila: 6, columna: 'tipoUsuario', mensaje: MSG_RIPS.pacienteCampo.tipoUsuario },
    ]);
    expect(res.body.data.totalErrores).toBe(5);
    const four = await a.post('/api/rips/pacientes/importar', form('p.csv', csv(['CEDULA;12;1980-13;HOMBRE;01;170;11001;02;170;Eva'])));
    expect(four.status).toBe(422);
    expect(four.body.data.errores.map((e: { fila: number; columna: string }) => [e.fila, e.columna])).toEqual([
      [2, 'tipoDocumentoIdentificacion'],
      [2, 'numDocumentoIdentificacion'],
      [2, 'fechaNacimiento'],
      [2, 'codSexo'],
    ]);
    expect(four.body.message).toBe(MSG_RIPS.hojaFila(2, 'tipoDocumentoIdentificacion', MSG_RIPS.pacienteCampo.tipoDocumentoIdentificacion));
    expect(await countPacientes(a)).toBe(0);
  });

  it('50,000 patients import while /ping keeps answering; the same file again updates them all (idempotent); another tenant sees none', async () => {
    const file = pacientes(50_000);
    /** GET /ping one after another, 25 ms apart, until `until` resolves: each one's latency (ms). */
    const pingWhile = async (until: Promise<unknown>) => {
      const latencies: number[] = [];
      let done = false;
      void until.finally(() => (done = true));
      while (!done) {
        const t0 = performance.now();
        await fetch(`${t.url}/ping`);
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 25));
      }
      return latencies;
    };
    // The same pinging with nothing to do first: what this (shared, maybe loaded) machine gives anyway.
    const baseline = await pingWhile(new Promise((r) => setTimeout(r, 2_000)));
    const request = a.post('/api/rips/pacientes/importar', form('pacientes.csv', file));
    const latencies = await pingWhile(request);
    const res = await request;
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data).toEqual({ creados: 50_000, actualizados: 0 });
    expect(res.body.message).toBe(MSG_RIPS.pacientesImportados(50_000, 0));
    // The CSV is parsed in the worker and written a batch at a time, the event loop turning between batches: pings are
    // answered all along (before: none while PGlite wrote the one transaction, and none while the CSV was parsed).
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(Math.max(1_500, 4 * Math.max(...baseline)));

    const again = await a.post('/api/rips/pacientes/importar', form('pacientes.csv', file));
    expect(again.body.data).toEqual({ creados: 0, actualizados: 50_000 });
    expect(await countPacientes(a)).toBe(50_000);
    expect(await countPacientes(b)).toBe(0);
    // An empty value keeps what is stored; a new value replaces it.
    const partial = await a.post('/api/rips/pacientes/importar', form('p.csv', csv(['CC;20000000;;M;;;;;;'])));
    expect(partial.body.data).toEqual({ creados: 0, actualizados: 1 });
    const [row] = await t.app.deps.dbRows<{ fecha_nacimiento: string; cod_sexo: string; nombre: string; origen: string }>(
      sql`select fecha_nacimiento, cod_sexo, nombre, origen from rips_pacientes where num_documento_identificacion = '20000000'`,
    );
    expect(row).toEqual({ fecha_nacimiento: '1980-02-01', cod_sexo: 'M', nombre: 'Paciente 0', origen: 'csv' });
  }, 180_000);
});
