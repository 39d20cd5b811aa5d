import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { repsImports, repsPrestadores } from '../../db/schema.ts';
import { openDatabase } from '../../db/client.ts';
import { client, operatorHeaders, registerAndLogin, SAMPLES, startTestApp, type TTestApp } from '../../../test/helpers.ts';
import { IMPORT_GENERATION_CHECK_MS, importReps } from './service.ts';
import { PRESTADORES_SEARCH_PER_USER_MINUTE } from './routes.ts';

/**
 * The REPS import (POST /api/admin/reps/import) and the provider search (GET /api/Auth/prestadores/autocomplete)
 * over real HTTP on a fresh database (PGlite in memory, or PostgreSQL with DATABASE_URL). The providers below are made
 * up; the shared extract is imported last, as a file in the published layout.
 */

const EXTRACT = `${SAMPLES}/tablas-referencia/REPS_prestadores_extracto-Cali-Valle-Cauca-Narino_corte-2023-06-19.csv`;

/** The 30 columns of the REPS portal's `Prestadores` export (SOURCES.md §7.2), `;`-separated. */
const PORTAL_HEADER =
  'depa_nombre;muni_nombre;codigo_habilitacion;nombre_prestador;tido_codigo;nits_nit;razon_social;clpr_codigo;clpr_nombre;ese;direccion;telefono;fax;email;gerente;nivel;caracter;habilitado;fecha_radicacion;fecha_vencimiento;fecha_cierre;dv;clase_persona;naju_codigo;naju_nombre;numero_sede_principal;fecha_corte_REPS;telefono_adicional;email_adicional;rep_legal';

type TProvider = { codigo: string; nombre: string; nit: string; razon?: string; muni?: string; sede?: string; clpr?: string; clase?: string; naju?: string; caracter?: string; rep?: string };

/** One row of the portal layout (made-up provider). */
function portalRow(p: TProvider): string {
  const clpr = p.clpr ?? '1';
  const cells = [
    'Bogotá D.C', p.muni ?? 'BOGOTÁ', p.codigo, p.nombre, 'NI', p.nit, p.razon ?? p.nombre, clpr,
    clpr === '2' ? 'Profesional Independiente' : 'Instituciones Prestadoras de Servicios de Salud - IPS', 'NO',
    `CALLE ${p.codigo.slice(-3)} # 10-20`, '6015550000', '', `contacto${p.codigo.slice(-3)}@ejemplo.co`, '', 'N/A', p.caracter ?? 'N/A', 'SI',
    '20200115', '20260131', '', '7', p.clase ?? 'JURIDICO', p.naju ?? '1', 'Privada', p.sede ?? '1', 'Fecha corte REPS: Nov 20 2026 8:00AM',
    '', '', p.rep ?? 'ANA GÓMEZ',
  ];
  return cells.join(';');
}

/** A portal-layout file, encoded as the portal saves it: Windows-1252 (ISO-8859-1). */
const portalFile = (rows: TProvider[]) => Buffer.from(`${PORTAL_HEADER}\r\n${rows.map(portalRow).join('\r\n')}\r\n`, 'latin1');

const A = { codigo: '1100100001', nombre: 'CLINICA DE ESPECIALISTAS BOGOTÁ', nit: '900100001' };
const B = { codigo: '1100100002', nombre: 'Clínica Bogotá Norte SAS', nit: '900100002', sede: '2' };
const C = { codigo: '7600199993', nombre: 'ESPECIALISTAS EN CLINICA DENTAL', nit: '800300003', muni: 'CALI' };
const D = { codigo: '7600100004', nombre: 'DROGUERIA 100% SALUD', nit: '900100004', muni: 'CALI' };
const E = { codigo: '7600100005', nombre: 'LABORATORIO_CLINICO ALFA', nit: '900100005', muni: 'CALI' };
const F = { codigo: '1100100006', nombre: 'CLINICA BOGOTA', nit: '900100006', caracter: 'DISTRITAL', naju: '4' };
/** A person whose document starts with A's code: the exact code must still come first. */
const G = { codigo: '2500100007', nombre: 'PROFESIONAL DE PRUEBA UNO', nit: '11001000012', clpr: '2', clase: 'NATURAL', muni: 'CHÍA' };
const SYNTHETIC = [A, B, C, D, E, F, G];

let t: TTestApp;
let user: Awaited<ReturnType<typeof registerAndLogin>>['c'];

/** POST the bytes to the operator import (text/csv) with the app's operator secret unless `headers` say otherwise. */
async function importFile(bytes: Buffer | string, headers: Record<string, string> = operatorHeaders(t.url), contentType = 'text/csv') {
  const res = await fetch(`${t.url}/api/admin/reps/import?archivo=prueba.csv`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body: bytes });
  return { status: res.status, body: (await res.json()) as { success: boolean; data?: Record<string, unknown> & { columnasIgnoradas: string[] }; message?: string; code?: string } };
}

/**
 * POST `chunks` to the operator import over node:http (text/csv, the app's operator secret, `headers` on top), one
 * chunk per event-loop turn; `end` false leaves the upload open. Resolves with the answer; the upload is cut after it.
 */
function rawPost(headers: Record<string, string>, chunks: Buffer[], end: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${t.url}/api/admin/reps/import`, { method: 'POST', headers: { 'content-type': 'text/csv', ...operatorHeaders(t.url), ...headers } });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const write = async () => {
      for (const chunk of chunks) {
        if (answered || req.destroyed) return;
        req.write(chunk);
        await new Promise((r) => setImmediate(r));
      }
      if (end && !answered) req.end();
    };
    void write();
  });
}

const search = async (texto: string, limite?: number | string) => {
  const qs = new URLSearchParams({ texto, ...(limite === undefined ? {} : { limite: String(limite) }) });
  return user.get(`/api/Auth/prestadores/autocomplete?${qs}`);
};
const codes = async (texto: string, limite?: number) => ((await search(texto, limite)).body.data.items as { codigoPrestadorServicio: string }[]).map((i) => i.codigoPrestadorServicio);
const counts = async () => {
  const [row] = await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(repsPrestadores);
  const [runs] = await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(repsImports);
  return { prestadores: row!.n, runs: runs!.n };
};

beforeAll(async () => {
  t = await startTestApp({ repsImportMaxBytes: 3 * 1_048_576 });
  user = (await registerAndLogin(t.url, 'reps@example.co', '901019681', undefined, [])).c;
}, 60_000);
afterAll(async () => t?.close());

describe('REPS import', () => {
  it('loads the portal layout (Windows-1252, `;`) and maps the codes as the provider form takes them', async () => {
    const res = await importFile(portalFile(SYNTHETIC));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ filas: 7, insertados: 7, actualizados: 0, retirados: 0, malformadas: 0, columnasIgnoradas: [] });
    expect(res.body.message).toBe(MSG_CUENTAS.repsImportado({ filas: 7, insertados: 7, actualizados: 0, retirados: 0 }));
    const [a] = await t.app.deps.db.select().from(repsPrestadores).where(eq(repsPrestadores.codigoHabilitacion, A.codigo));
    expect(a).toMatchObject({ nombre: 'CLINICA DE ESPECIALISTAS BOGOTÁ', sede: '01', codigoPrestador: '110010000101', tipoPrestador: '02', caracter: 'N/A', clasePersona: 'J', tipoEntidad: '01', habilitado: true, fechaRadicacion: '2020-01-15', fechaVencimiento: '2026-01-31', dv: '7', muniNombre: 'BOGOTÁ', representante: 'ANA GÓMEZ', busqueda: ' clinica de especialistas bogota' });
    const [g] = await t.app.deps.db.select().from(repsPrestadores).where(eq(repsPrestadores.codigoHabilitacion, G.codigo));
    expect(g).toMatchObject({ tipoPrestador: '01', clasePersona: 'N', muniNombre: 'CHÍA' });
    const [f] = await t.app.deps.db.select().from(repsPrestadores).where(eq(repsPrestadores.codigoHabilitacion, F.codigo));
    expect(f).toMatchObject({ caracter: 'G', tipoEntidad: '04' });
  });

  it('refuses a file without required columns, naming every missing one, and writes nothing', async () => {
    const before = await counts();
    const csv = 'depa_nombre,muni_nombre,codigo_habilitacion,nombre_prestador,clpr_codigo,habilitado\nCauca,POPAYÁN,1900100001,IPS NUEVA,1,SI\n';
    const res = await importFile(csv);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REPS_COLUMNAS_FALTANTES');
    expect(res.body.message).toBe(MSG_CUENTAS.repsColumnasFaltantes(['nits_nit', 'razon_social']));
    expect(await counts()).toEqual(before);
  });

  it('ignores unknown columns with one warning and goes on; counts rows without a 10-digit code', async () => {
    const csv = [
      'codigo_habilitacion,nombre_prestador,nits_nit,razon_social,clpr_codigo,habilitado,depa_nombre,muni_nombre,columna_rara,otra',
      '1900100008,IPS DEL CAUCA,900100008,IPS DEL CAUCA SAS,1,SI,Cauca,POPAYÁN,x,y',
      '12345,SIN CODIGO VALIDO,1,X,2,SI,Cauca,POPAYÁN,x,y',
      ',TAMPOCO,2,Y,2,SI,Cauca,POPAYÁN,x,y',
      '"19001 00009",CON ESPACIO,3,Z,2,SI,Cauca,POPAYÁN,x,y',
    ].join('\n');
    const res = await importFile(csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ filas: 1, insertados: 1, malformadas: 3, columnasIgnoradas: ['columna_rara', 'otra'] });
    expect(res.body.message).toContain(MSG_CUENTAS.repsColumnasIgnoradas(['columna_rara', 'otra']));
    expect(res.body.message).toContain(MSG_CUENTAS.repsFilasMalformadas(3));
    // That file listed one provider: the seven of the first import were retired (kept, habilitado false). Put them back.
    expect(res.body.data!.retirados).toBe(7);
    const again = await importFile(portalFile(SYNTHETIC));
    expect(again.body.data).toMatchObject({ filas: 7, insertados: 0, actualizados: 7, retirados: 1 });
  });

  it('updates rows in place on a re-import and retires providers absent from the new file (never deletes)', async () => {
    const [before] = await t.app.deps.db.select().from(repsPrestadores).where(eq(repsPrestadores.codigoHabilitacion, A.codigo));
    // Answers are cached per process: the import must drop them.
    expect(await codes('especialistas nueva sede')).toEqual([]);
    expect((await search('1100100006')).body.data.items[0].activo).toBe(true);
    const renamed = { ...A, nombre: 'CLINICA DE ESPECIALISTAS BOGOTÁ NUEVA SEDE' };
    const res = await importFile(portalFile([renamed, B, C, D, E, G]));
    expect(await codes('especialistas nueva sede')).toEqual(['110010000101']);
    expect((await search('1100100006')).body.data.items[0].activo).toBe(false);
    expect(res.body.data).toMatchObject({ filas: 6, insertados: 0, actualizados: 6, retirados: 1 });
    const [after] = await t.app.deps.db.select().from(repsPrestadores).where(eq(repsPrestadores.codigoHabilitacion, A.codigo));
    expect(after!.id).toBe(before!.id);
    expect(after!.nombre).toBe(renamed.nombre);
    const [f] = await t.app.deps.db.select().from(repsPrestadores).where(eq(repsPrestadores.codigoHabilitacion, F.codigo));
    expect(f!.habilitado).toBe(false);
    const [run] = await t.app.deps.db.select().from(repsImports).where(eq(repsImports.id, after!.importId!));
    expect(run).toMatchObject({ estado: 'completa', filas: 6, retirados: 1, origen: 'npm run reps:import (servidor)', fuente: 'prueba.csv' });
    // Back to the original names for the search tests; F stays retired.
    await importFile(portalFile([A, B, C, D, E, G]));
    expect(await codes('especialistas nueva sede')).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)('on PostgreSQL, an import by another process reaches the cached answers within half a second', async () => {
    expect(await codes('droguería otra')).toEqual([]);
    const other = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    try {
      await importReps({ db: other.db }, Readable.from([portalFile([A, B, C, { ...D, nombre: 'DROGUERÍA OTRA' }, E, G])]), { fuente: 'otro-proceso.csv', origen: 'prueba' });
    } finally {
      await other.close();
    }
    await new Promise((r) => setTimeout(r, IMPORT_GENERATION_CHECK_MS + 100));
    expect(await codes('droguería otra')).toEqual(['760010000401']);
    await importFile(portalFile([A, B, C, D, E, G]));
  });

  it('a file the CSV parser cannot read fails cleanly and retires nobody', async () => {
    const csv = `depa_nombre,muni_nombre,codigo_habilitacion,nombre_prestador,nits_nit,razon_social,clpr_codigo,habilitado\nCauca,POPAYÁN,1900100010,"IPS ABIERTA,1,X,1,SI\n`;
    const before = await counts();
    const [lastBefore] = await t.app.deps.db.select().from(repsImports).orderBy(sql`id desc`).limit(1);
    const res = await importFile(csv);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REPS_CSV_INVALIDO');
    expect(res.body.message).toMatch(/^El archivo del REPS no es un CSV legible/);
    // The parser may fail before or after it hands over the header record (stream timing): either no run was
    // started, or the one started is closed as failed. Never a completed run.
    const [run] = await t.app.deps.db.select().from(repsImports).orderBy(sql`id desc`).limit(1);
    if (run!.id === lastBefore!.id) expect(await counts()).toEqual(before);
    else expect(run!.estado).toBe('fallida');
    const [{ n }] = (await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(repsPrestadores).where(eq(repsPrestadores.habilitado, true))) as [{ n: number }];
    expect(n).toBe(6);
  });
});

describe('provider search', () => {
  it('matches names without accents or case, both ways', async () => {
    expect((await codes('bogota')).sort()).toEqual(['110010000101', '110010000202', '110010000601']);
    expect((await codes('BOGOTÁ')).sort()).toEqual(['110010000101', '110010000202', '110010000601']);
    expect(await codes('clínica dental')).toEqual(['760019999301']);
    expect(await codes('chia')).toEqual([]); // the municipality is shown, not searched
  });

  it('needs every word, in any order', async () => {
    expect((await codes('clinica especialistas')).sort()).toEqual(['110010000101', '760019999301']);
    expect((await codes('especialistas clinica')).sort()).toEqual(['110010000101', '760019999301']);
    expect(await codes('clinica especialistas norte')).toEqual([]);
  });

  it('finds the 10- and 12-digit codes and NITs by prefix, the exact code first', async () => {
    expect(await codes('1100100001')).toEqual(['110010000101', '250010000701']);
    expect(await codes('110010000202')).toEqual(['110010000202']);
    expect((await codes('11001000')).sort()).toEqual(['110010000101', '110010000202', '110010000601', '250010000701']);
    expect(await codes('800300')).toEqual(['760019999301']);
    expect(await codes('900.100.004-5')).toEqual(['760010000401']);
  });

  it('ranks names starting with the text first, habilitado before retired, then similarity', async () => {
    // F 'CLINICA BOGOTA' is retired: B (starts with the text, habilitado) comes first, F next, then A.
    expect(await codes('clinica bogota')).toEqual(['110010000202', '110010000601', '110010000101']);
    const items = (await search('clinica bogota')).body.data.items;
    expect(items.map((i: { activo: boolean }) => i.activo)).toEqual([true, false, true]);
  });

  it('answers the seed shape (displayText with the municipality) and respects limite', async () => {
    const res = await search('droguería', 10);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.items).toEqual([
      {
        id: expect.any(Number), codigoPrestadorServicio: '760010000401', nombre: 'DROGUERIA 100% SALUD', displayText: '760010000401 - DROGUERIA 100% SALUD (CALI)',
        numeroIdentificacion: '900100004', razonSocial: 'DROGUERIA 100% SALUD', tipoPrestadorServicio: '02', direccion: 'CALLE 004 # 10-20', telefono: '6015550000',
        email: 'contacto004@ejemplo.co', tipoCaracter: 'N/A', tipoClasePersona: 'J', tipoEntidad: '01', nombreRepresentanteLegal: 'ANA GÓMEZ',
        fechaRadicacion: '2020-01-15', fechaVencimiento: '2026-01-31', activo: true,
      },
    ]);
    expect(await codes('clinica', 2)).toHaveLength(2);
    expect((await search('clinica')).body.data.items.length).toBeLessThanOrEqual(10);
  });

  it('answers no items below 2 characters or with no letters or digits', async () => {
    for (const texto of ['', 'a', '  b  ', '1', '%', '%%', '__', '\\\\', '---'])
      expect((await search(texto)).body, texto).toEqual({ success: true, data: { items: [] } });
  });

  it('takes % and _ literally (never as wildcards) and SQL-looking text as text', async () => {
    expect(await codes('100%')).toEqual(['760010000401']);
    expect(await codes('laboratorio_clinico')).toEqual(['760010000501']);
    // As wildcards these would find every CLINICA; as text they are word separators and find none.
    expect(await codes('cl%ca')).toEqual([]);
    expect(await codes('cl_ca')).toEqual([]);
    const sqlish = await search("x'); drop table reps_prestadores; --");
    expect(sqlish.status).toBe(200);
    expect(sqlish.body.data.items).toEqual([]);
    expect((await counts()).prestadores).toBeGreaterThan(0);
  });
});

describe('provider search: attacker cases', () => {
  it('refuses callers without a token, with a forged one or with another tenant validator', async () => {
    const path = '/api/Auth/prestadores/autocomplete?texto=clinica';
    expect((await client(t.url).get(path)).status).toBe(401);
    const forged = await new SignJWT({ tid: 1, val: user.validator, sid: 'x', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${forged}`, 'x-validator': user.validator } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(MSG.sessionExpired);
    const wrongValidator = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${user.token}`, 'x-validator': 'otro' } });
    expect(wrongValidator.status).toBe(403);
  });

  it('answers 400 in Spanish (never 500) for a bad limite or a text over 200 characters', async () => {
    for (const limite of ['0', '999', 'abc', '-1', '1.5', '']) {
      const res = await search('clinica', limite);
      expect(res.status, limite).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.message, limite).toMatch(/^Dato inválido \(limite\)/);
    }
    const long = await search('a'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('El texto de búsqueda es demasiado largo');
    expect((await search(`${'clinica '.repeat(24)}bogota`.slice(0, 200))).status).toBe(200);
  });
});

describe('operator import route: attacker cases', () => {
  it('refuses no secret, a forged secret and a user token before reading the file', async () => {
    const before = await counts();
    const attempts: Record<string, string>[] = [{}, { 'x-radica-operator': 'adivinado' }, { authorization: `Bearer ${user.token}`, 'x-validator': user.validator }];
    for (const headers of attempts) {
      const res = await importFile(portalFile([A]), headers);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('OPERATOR_UNAUTHORIZED');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a body declared over the limit at once, and one that grows past it while streaming', async () => {
    const before = await counts();
    const declared = await rawPost({ 'content-length': String(10 * 1024 ** 3) }, [Buffer.from(`${PORTAL_HEADER}\n`)], false);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ code: 'BODY_TOO_LARGE', message: MSG_CUENTAS.repsArchivoGrande(3) });
    expect(await counts()).toEqual(before);

    // No length declared (chunked): the import stops at 3 MB of made-up rows; nobody is retired.
    const rows = Array.from({ length: 20_000 }, (_, i) => portalRow({ codigo: String(5000000000 + i), nombre: `PRESTADOR GRANDE ${i}`, nit: String(700000000 + i) }));
    const big = Buffer.from(`${PORTAL_HEADER}\n${rows.join('\n')}\n`, 'latin1');
    expect(big.length).toBeGreaterThan(3 * 1_048_576);
    const chunks = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) => big.subarray(i * 65_536, (i + 1) * 65_536));
    const streamed = await rawPost({ 'transfer-encoding': 'chunked' }, chunks, true);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).code).toBe('BODY_TOO_LARGE');
    const items = (await search('1100100001')).body.data.items;
    expect(items[0]).toMatchObject({ codigoPrestadorServicio: '110010000101', activo: true });
  }, 60_000);

  it('takes only text/csv', async () => {
    const json = await importFile(JSON.stringify({ a: 1 }), operatorHeaders(t.url), 'application/json');
    expect(json.status).toBe(400);
    const plain = await importFile('x', operatorHeaders(t.url), 'text/plain');
    expect(plain.status).toBe(400);
    const xml = await importFile('<a/>', operatorHeaders(t.url), 'application/xml');
    expect(xml.status).toBe(415);
    const empty = await importFile('', operatorHeaders(t.url));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG_CUENTAS.repsArchivoVacio);
  });
});

describe('the shared REPS extract (published layout)', () => {
  it('imports all its rows, skips the one without a 10-digit code and retires the providers it does not list', async () => {
    const res = await importFile(readFileSync(EXTRACT));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ filas: 9940, insertados: 9940, actualizados: 0, malformadas: 1, columnasIgnoradas: [] });
    expect(res.body.data!.retirados).toBeGreaterThanOrEqual(6);
    // An IPS of the extract (Balboa, Cauca): the codes as the provider form takes them.
    const hit = (await search('fisiokinect')).body.data.items;
    expect(hit).toHaveLength(1);
    expect(hit[0]).toMatchObject({ codigoPrestadorServicio: '190750915001', numeroIdentificacion: '901218256', tipoPrestadorServicio: '02', tipoClasePersona: 'J', tipoEntidad: '01', tipoCaracter: 'N/A', fechaRadicacion: '2019-05-14', fechaVencimiento: '2023-06-30', activo: true, direccion: null, nombreRepresentanteLegal: null });
    expect(await codes('1907509150')).toEqual(['190750915001']);
    expect((await codes('nariño', 20)).length).toBeGreaterThan(0);
    expect((await search('1100100001')).body.data.items[0]).toMatchObject({ codigoPrestadorServicio: '110010000101', activo: false });
  }, 60_000);
});

describe('provider search: rate limits', () => {
  it('limits each user per minute whatever X-Forwarded-For says', async () => {
    const limited = await startTestApp({ rateLimitScale: 1 });
    try {
      const { c } = await registerAndLogin(limited.url, 'limite-reps@example.co', '901019681', undefined, []);
      const statuses: number[] = [];
      for (let i = 0; i < PRESTADORES_SEARCH_PER_USER_MINUTE + 2; i++)
        statuses.push((await c.call('GET', `/api/Auth/prestadores/autocomplete?texto=clinica${i}`, undefined, { 'x-forwarded-for': `203.0.113.${i % 250}` })).status);
      expect(statuses.slice(0, PRESTADORES_SEARCH_PER_USER_MINUTE).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(PRESTADORES_SEARCH_PER_USER_MINUTE)).toEqual([429, 429]);
      const last = await c.get('/api/Auth/prestadores/autocomplete?texto=clinica');
      expect(last.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: MSG.http429 });
    } finally {
      await limited.close();
    }
  }, 60_000);
});
