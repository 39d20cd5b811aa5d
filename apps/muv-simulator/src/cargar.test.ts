import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFevXml } from '@radica/fevrips/xml';
import { CUV_NO_APLICA } from './responses.ts';
import {
  PAR1_XML,
  PAR2_BODY,
  SAMPLES_DIR,
  getJson,
  login,
  par1Body,
  postJson,
  readJsonFile,
  startSim,
  type TSim,
} from './test-helpers.ts';

const CUV_RE = /^[0-9a-f]{96}$/;
const FECHA_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}-05:00$/;
const REJECTION_KEYS = [
  'codigoUnicoValidacion',
  'codigoUnicoValidacionToShow',
  'fechaRadicacion',
  'numFactura',
  'procesoId',
  'resultState',
  'resultadosValidacion',
  'rutaArchivos',
];
const ITEM_KEYS = ['Clase', 'Codigo', 'Descripcion', 'Fuente', 'Observaciones', 'PathFuente'];

describe('muv-simulator: Cargar* and ConsultarCUV with the real sample pairs', () => {
  let sim: TSim;
  let dir: string;
  let token1: string;
  let cuv1: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'muv-sim-cargar-'));
    sim = await startSim({ stateFile: join(dir, 'estado.json') });
    token1 = await login(sim.base, '901019681');
  });
  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts par1 with HTTP 200, a 96-hex CUV and exactly one NOTIFICACION FED131', async () => {
    const res = await postJson(`${sim.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), token1);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ResultState: true,
      ProcesoId: 1,
      NumFactura: 'A01E5687',
      Modulo: null,
      Ambiente: 'Simulador',
      RutaArchivos: null,
    });
    expect(res.json.CodigoUnicoValidacion).toMatch(CUV_RE);
    expect(res.json.CodigoUnicoValidacionToShow).toBe(res.json.CodigoUnicoValidacion);
    expect(res.json.FechaRadicacion).toMatch(FECHA_RE);
    expect(res.json.ModalidadPago).toBe('Pago por evento.');
    expect(res.json.ResultadosValidacion).toHaveLength(1);
    const [item] = res.json.ResultadosValidacion;
    expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    expect(item).toMatchObject({ Clase: 'NOTIFICACION', Codigo: 'FED131', Fuente: 'FacturaElectronica' });
    cuv1 = res.json.CodigoUnicoValidacion;

    const saved = JSON.parse(await readFile(join(dir, 'estado.json'), 'utf8'));
    expect(saved.paquetes.map((p: { cuv: string }) => p.cuv)).toEqual([cuv1]);
  });

  it('accepts the real par2 request body (login with NIT 891856372)', async () => {
    const token2 = await login(sim.base, '891856372');
    const res = await postJson(
      `${sim.base}/api/PaquetesFevRips/CargarFevRips`,
      readJsonFile(PAR2_BODY),
      token2,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ResultState: true, ProcesoId: 2, NumFactura: 'FECE214626' });
    expect(res.json.CodigoUnicoValidacion).toMatch(CUV_RE);
    expect(res.json.CodigoUnicoValidacion).not.toBe(cuv1);
    for (const item of res.json.ResultadosValidacion) expect(item.Clase).toBe('NOTIFICACION');
  });

  it('answers RVG02 + RVG18 with the CUFE, the existing CUV and its ProcesoId when par1 is sent again (any path casing)', async () => {
    const res = await postJson(`${sim.base}/api/paquetesfevrips/cargarfevrips`, par1Body(), token1);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(REJECTION_KEYS);
    expect(res.json).toMatchObject({
      resultState: false,
      procesoId: 0,
      numFactura: '',
      codigoUnicoValidacion: '-',
      codigoUnicoValidacionToShow: CUV_NO_APLICA,
      rutaArchivos: null,
    });
    const cufe = parseFevXml(readFileSync(PAR1_XML)).cufe!.toLowerCase();
    // The CUFE comes first on purpose (both are 96 hex characters): a client must read the one labelled CUV.
    const observaciones = `CUFE/CUDE: ${cufe} CUV: ${cuv1} ProcesoId: 1`;
    expect(res.json.resultadosValidacion).toEqual([
      { Clase: 'RECHAZADO', Codigo: 'RVG02', Descripcion: expect.stringContaining('Código Único de Validación'), Observaciones: observaciones, PathFuente: '', Fuente: 'FacturaElectronica' },
      {
        Clase: 'RECHAZADO',
        Codigo: 'RVG18',
        Descripcion: 'El paquete ya fue validado previamente por el Ministerio de Salud y Protección Social.',
        Observaciones: observaciones,
        PathFuente: '',
        Fuente: 'Rips',
      },
    ]);
  });

  it('counts every Cargar* call per endpoint', async () => {
    const stats = await getJson(`${sim.base}/_control/stats`);
    expect(stats.byEndpoint.CargarFevRips).toBe(stats.cargas);
    expect(stats.aceptados).toBe(2);
    expect(stats.paquetes).toBe(2);
  });
});

/** A fresh simulator where par1 was accepted: what a client reads back, and what is refused. */
describe('muv-simulator: ConsultarCUV and rejected Cargar* calls', () => {
  let sim: TSim;
  let token1: string;
  let cuv1: string;

  beforeAll(async () => {
    sim = await startSim();
    token1 = await login(sim.base, '901019681');
    const accepted = await postJson(`${sim.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), token1);
    cuv1 = accepted.json.CodigoUnicoValidacion;
  });
  afterAll(async () => {
    await sim.close();
  });

  it('answers ConsultarCUV for the accepted package (EsValido, NumeroDocumento) and 404 for an unknown CUV', async () => {
    const res = await postJson(
      `${sim.base}/api/ConsultasFevRips/ConsultarCUV`,
      { codigoUnicoValidacion: cuv1.toUpperCase() },
      token1,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ProcesoId: 1,
      EsValido: true,
      CodigoUnicoValidacion: cuv1,
      NumDocumentoIdObligado: '901019681',
      NumeroDocumento: 'A01E5687',
      CantidadUsuarios: 4,
      UrlJson: null,
      UrlXml: null,
      JsonFile: null,
      XmlFileBase64: null,
    });
    expect(res.json.FechaValidacion).toMatch(FECHA_RE);
    expect(res.json.TotalFactura).toBeGreaterThan(0);
    expect(res.json.ResultadosValidacion).toHaveLength(1);

    const unknown = await postJson(
      `${sim.base}/api/ConsultasFevRips/ConsultarCUV`,
      { codigoUnicoValidacion: 'f'.repeat(96) },
      token1,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ tipo: 'NoEncontrado', descripcion: expect.any(String) });

    const missing = await postJson(`${sim.base}/api/ConsultasFevRips/ConsultarCUV`, {}, token1);
    expect(missing.status).toBe(400);
  });

  it('rejects par1 XML with a RIPS whose numFactura was changed: 400, RVC004, camelCase top level', async () => {
    const body = par1Body((rips) => {
      rips.numFactura = 'A01E5688';
    });
    const res = await postJson(`${sim.base}/api/PaquetesFevRips/CargarFevRips`, body, token1);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(REJECTION_KEYS);
    expect(res.json.resultState).toBe(false);
    expect(res.json.fechaRadicacion).toMatch(FECHA_RE);
    const rvc004 = res.json.resultadosValidacion.find((i: { Codigo: string }) => i.Codigo === 'RVC004');
    expect(rvc004).toMatchObject({ Clase: 'RECHAZADO' });
    for (const item of res.json.resultadosValidacion) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
  });

  it('rejects a package whose obligado is not the NIT of the logged-in user (simulator rule RVG19)', async () => {
    const other = await login(sim.base, '800000001');
    const res = await postJson(`${sim.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), other);
    expect(res.status).toBe(400);
    expect(res.json.resultadosValidacion).toEqual([
      expect.objectContaining({ Clase: 'RECHAZADO', Codigo: 'RVG19' }),
    ]);
  });

  it('rejects undecodable base64, unreadable XML and a missing side with Spanish RECHAZADO items', async () => {
    const url = `${sim.base}/api/PaquetesFevRips/CargarFevRips`;
    const { rips } = par1Body();
    const cases = [
      { xmlFevFile: '<Invoice>no es base64</Invoice>', rips },
      { xmlFevFile: Buffer.from('esto no es XML').toString('base64'), rips },
      { xmlFevFile: null, rips },
      { xmlFevFile: par1Body().xmlFevFile, rips: null },
    ];
    for (const body of cases) {
      const res = await postJson(url, body, token1);
      expect(res.status).toBe(400);
      expect(res.json.resultState).toBe(false);
      expect(res.json.resultadosValidacion.length).toBeGreaterThan(0);
      for (const item of res.json.resultadosValidacion) {
        expect(item.Clase).toBe('RECHAZADO');
        expect(item.Descripcion).toMatch(/[a-záéíóúñ]/);
      }
    }
    const bad = await postJson(url, { rips: 'texto', xmlFevFile: 5 }, token1);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: 400, errors: expect.any(Object) });
  });
});

describe('muv-simulator: state file shared by two plugin instances', () => {
  it('two live instances on one state file are one ministry: the second answers a re-send RVG02 + RVG18, never a new ProcesoId', async () => {
    // Every API process of a cluster mounts a simulator on DATA_DIR/muv-simulator.json. Each used to answer from its own
    // memory, so a package accepted by one was accepted again by the other, with a new ProcesoId and no RVG18.
    const dir = await mkdtemp(join(tmpdir(), 'muv-sim-shared-'));
    const stateFile = join(dir, 'estado.json');
    const a = await startSim({ stateFile });
    const b = await startSim({ stateFile });
    try {
      const first = await postJson(`${a.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), await login(a.base, '901019681'));
      expect(first.status).toBe(200);
      const again = await postJson(`${b.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), await login(b.base, '901019681'));
      expect(again.status).toBe(400);
      expect(again.json.resultadosValidacion.map((r: { Codigo: string }) => r.Codigo)).toEqual(['RVG02', 'RVG18']);
      expect(again.json.resultadosValidacion[1].Observaciones).toContain(`CUV: ${first.json.CodigoUnicoValidacion} ProcesoId: ${first.json.ProcesoId}`);
      // Both answer ConsultarCUV for it, and a new package takes the next ProcesoId whichever instance gets it.
      const consulta = await postJson(`${b.base}/api/ConsultasFevRips/ConsultarCUV`, { codigoUnicoValidacion: first.json.CodigoUnicoValidacion }, await login(b.base, '901019681'));
      expect(consulta.json).toMatchObject({ EsValido: true, ProcesoId: first.json.ProcesoId });
      const other = await postJson(`${b.base}/api/PaquetesFevRips/CargarFevRips`, readJsonFile(PAR2_BODY), await login(b.base, '891856372'));
      expect(other.json.ProcesoId).toBe(first.json.ProcesoId + 1);
      // Concurrent sends of one package to both instances (after a reset through one of them): one acceptance, the
      // rest RVG18.
      await postJson(`${a.base}/_control/reset`, {});
      const tokens = [await login(a.base, '901019681'), await login(b.base, '901019681')];
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => postJson(`${[a, b][i % 2]!.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), tokens[i % 2])),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 400 && r.json.resultadosValidacion.some((x: { Codigo: string }) => x.Codigo === 'RVG18'))).toHaveLength(5);
    } finally {
      await a.close();
      await b.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('remembers accepted packages and the ProcesoId counter across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'muv-sim-persist-'));
    const stateFile = join(dir, 'estado.json');
    try {
      const first = await startSim({ stateFile });
      let cuv: string;
      try {
        const token = await login(first.base, '901019681');
        const res = await postJson(`${first.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), token);
        expect(res.status).toBe(200);
        cuv = res.json.CodigoUnicoValidacion;
      } finally {
        await first.close();
      }

      const second = await startSim({ stateFile });
      try {
        const token = await login(second.base, '901019681');
        const again = await postJson(`${second.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), token);
        expect(again.status).toBe(400);
        expect(again.json.resultadosValidacion[1]).toMatchObject({
          Codigo: 'RVG18',
          Observaciones: expect.stringContaining(`CUV: ${cuv} ProcesoId: 1`),
        });
        const consulta = await postJson(
          `${second.base}/api/ConsultasFevRips/ConsultarCUV`,
          { codigoUnicoValidacion: cuv },
          token,
        );
        expect(consulta.json).toMatchObject({ EsValido: true, NumeroDocumento: 'A01E5687', ProcesoId: 1 });

        const token2 = await login(second.base, '891856372');
        const par2 = await postJson(
          `${second.base}/api/PaquetesFevRips/CargarFevRips`,
          readJsonFile(PAR2_BODY),
          token2,
        );
        expect(par2.json).toMatchObject({ ResultState: true, ProcesoId: 2 });
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('muv-simulator: the other upload endpoints', () => {
  let sim: TSim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('accepts RIPS sin factura (xmlFevFile null) and answers RecuperarCUV / ConsultarCUV for it', async () => {
    const token = await login(sim.base, '901019681');
    const { rips } = par1Body((r) => {
      r.tipoNota = 'RS';
      r.numFactura = null;
      r.numNota = '77';
    });
    const res = await postJson(
      `${sim.base}/api/PaquetesFevRips/CargarRipsSinFactura`,
      { rips, xmlFevFile: null },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ResultState: true,
      NumFactura: '77',
      ModalidadPago: null,
      PeriodoAtencion: null,
    });
    const cuv = res.json.CodigoUnicoValidacion;

    const recuperar = await postJson(
      `${sim.base}/api/ConsultasFevRips/RecuperarCUV`,
      { codigoUnicoValidacion: cuv },
      token,
    );
    expect(recuperar.json).toMatchObject({
      ResultState: true,
      CodigoUnicoValidacion: cuv,
      ProcesoId: res.json.ProcesoId,
    });
    const consulta = await postJson(
      `${sim.base}/api/ConsultasFevRips/ConsultarCUV`,
      { codigoUnicoValidacion: cuv },
      token,
    );
    expect(consulta.json).toMatchObject({
      EsValido: true,
      TipoDocumento: 'RS',
      NumeroDocumento: '77',
      TotalFactura: 0,
    });

    const again = await postJson(
      `${sim.base}/api/PaquetesFevRips/CargarRipsSinFactura`,
      { rips, xmlFevFile: null },
      token,
    );
    // A RIPS without invoice has no CUFE: the texts carry the CUV and the ProcesoId.
    expect(again.json.resultadosValidacion.map((r: { Codigo: string }) => r.Codigo)).toEqual(['RVG02', 'RVG18']);
    expect(again.json.resultadosValidacion[1].Observaciones).toMatch(new RegExp(`^CUV: ${cuv} ProcesoId: \\d+$`));
  });

  it('accepts a capitation invoice alone on CargarCapitaInicial (rips ignored)', async () => {
    const xml = readFileSync(
      `${SAMPLES_DIR}/solo-xml_fev-attacheddocument_capitacion_nit840000269_AWAS1283785.xml`,
    );
    const token = await login(sim.base, '840000269');
    const res = await postJson(
      `${sim.base}/api/PaquetesFevRips/CargarCapitaInicial`,
      { rips: null, xmlFevFile: xml.toString('base64') },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.json.ResultState).toBe(true);
    expect(res.json.ModalidadPago).toBe('Pago por capitación.');
  });

  it('rejects a package sent to an endpoint for another document type (simulator rule SIM001)', async () => {
    const token = await login(sim.base, '901019681');
    const total = await postJson(
      `${sim.base}/api/PaquetesFevRips/CargarNCTotal`,
      { rips: null, xmlFevFile: par1Body().xmlFevFile },
      token,
    );
    expect(total.status).toBe(400);
    expect(total.json.resultadosValidacion).toEqual([
      expect.objectContaining({ Clase: 'RECHAZADO', Codigo: 'SIM001', Fuente: 'FacturaElectronica' }),
    ]);
    const nc = await postJson(`${sim.base}/api/PaquetesFevRips/CargarNC`, par1Body(), token);
    expect(nc.status).toBe(400);
    expect(
      nc.json.resultadosValidacion.map((i: { Codigo: string; Fuente: string }) => `${i.Codigo}/${i.Fuente}`),
    ).toEqual(['SIM001/FacturaElectronica', 'SIM001/Rips']);
  });
});
