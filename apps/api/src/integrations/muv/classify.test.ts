import { describe, expect, it } from 'vitest';
import { MUV_TEXTOS_API_LOCAL } from '@radica/contracts/muv';
import { classifyAnswer, classifyLogin, duplicateKnowledge } from './classify.ts';

/** Every ministry answer is classified before it touches a document (docs/decisions/047). */

const CUV = 'a'.repeat(48) + '1'.repeat(48);
const CUFE = 'b'.repeat(48) + '2'.repeat(48);
const item = (Codigo: string, Clase = 'RECHAZADO', Observaciones = '', Descripcion = '') => ({ Clase, Codigo, Descripcion, Observaciones, PathFuente: '', Fuente: 'Rips' });
const rejected = (...items: object[]) => ({ httpStatus: 400, text: JSON.stringify({ resultState: false, procesoId: 0, codigoUnicoValidacion: '-', resultadosValidacion: items }) });
const accepted = (cuv: string | null, ...items: object[]) => ({
  httpStatus: 200,
  text: JSON.stringify({ ResultState: true, ProcesoId: 77, CodigoUnicoValidacion: cuv, FechaRadicacion: '2026-07-01T10:00:00.0000000-05:00', ResultadosValidacion: items }),
});

describe('classifyAnswer: verdicts', () => {
  it('an acceptance with a CUV (notifications do not block) is an approved verdict', () => {
    const a = classifyAnswer(accepted(CUV, item('FED131', 'NOTIFICACION')));
    expect(a).toMatchObject({ kind: 'verdict', approved: true, result: { cuv: CUV, procesoId: 77 } });
  });

  it('a rejection by the ministry\'s rules is a verdict, whatever the casing', () => {
    expect(classifyAnswer(rejected(item('RVG01'), item('RVC004')))).toMatchObject({ kind: 'verdict', approved: false });
    expect(classifyAnswer({ httpStatus: 400, text: JSON.stringify({ tipo: 'Validacion', descripcion: 'NIT no coincide' }) })).toMatchObject({
      kind: 'verdict',
      approved: false,
      result: { resultados: [{ codigo: 'Validacion', descripcion: 'NIT no coincide' }] },
    });
  });

  it('a 4xx ProblemDetails of the local API is its refusal of the request (a verdict with its words)', () => {
    const a = classifyAnswer({ httpStatus: 400, text: JSON.stringify({ type: 'x', title: 'One or more validation errors occurred.', status: 400, errors: { $: ['bad json'] } }) });
    expect(a).toMatchObject({ kind: 'verdict', approved: false });
    expect(a.kind === 'verdict' && a.result.resultados[0]).toMatchObject({ codigo: 'HTTP_400', descripcion: expect.stringContaining('validation errors') });
  });
});

describe('classifyAnswer: transient answers are never verdicts', () => {
  it('TOT003 "timeout API SISPRO" in a result (and every TOT item but TOT002), even beside rule findings', () => {
    const a = classifyAnswer(rejected(item('TOT003', 'RECHAZADO', '', 'timeout API SISPRO')));
    expect(a).toEqual({ kind: 'transient', texto: 'TOT003: timeout API SISPRO', result: expect.anything() });
    expect(classifyAnswer(rejected(item('TOT009'), item('RVC004'))).kind).toBe('transient');
  });

  it('the local API\'s own texts, as plain text, a JSON string or inside an object, any status', () => {
    const hus = [MUV_TEXTOS_API_LOCAL.consumo, MUV_TEXTOS_API_LOCAL.login, MUV_TEXTOS_API_LOCAL.conexionRechazada].join('\r\n');
    for (const raw of [
      { httpStatus: 500, text: hus },
      { httpStatus: 200, text: hus },
      { httpStatus: 200, text: JSON.stringify(MUV_TEXTOS_API_LOCAL.consumo) },
      { httpStatus: 400, text: JSON.stringify({ message: `${MUV_TEXTOS_API_LOCAL.consumo}: ${MUV_TEXTOS_API_LOCAL.conexionFallida}` }) },
    ]) {
      const a = classifyAnswer(raw);
      expect(a.kind, raw.text).toBe('transient');
      expect(a.kind === 'transient' && a.texto).toMatch(/^Se ha generado un error en el consumo/);
    }
  });

  it('HTTP 5xx, an HTML page (its title kept), a non-JSON body, a result with neither CUV nor rejection', () => {
    expect(classifyAnswer({ httpStatus: 503, text: JSON.stringify({ status: 503, title: 'Service Unavailable' }) })).toMatchObject({ kind: 'transient', texto: 'Service Unavailable' });
    expect(classifyAnswer({ httpStatus: 502, text: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', contentType: 'text/html' })).toMatchObject({ kind: 'transient', texto: '502 Bad Gateway' });
    expect(classifyAnswer({ httpStatus: 404, text: '<!DOCTYPE html><html><body>Not here</body></html>' }).kind).toBe('transient');
    expect(classifyAnswer({ httpStatus: 200, text: 'OK' }).kind).toBe('transient');
    expect(classifyAnswer({ httpStatus: 500, text: '' })).toMatchObject({ kind: 'transient', texto: 'El validador respondió HTTP 500 sin resultado' });
    expect(classifyAnswer(accepted(null)).kind).toBe('transient');
    expect(classifyAnswer(rejected()).kind).toBe('transient');
  });

  it('a time-out, a refused connection, a connection cut mid-way', () => {
    expect(classifyAnswer({ failure: 'TIMEOUT', timeoutMs: 60_000 })).toMatchObject({ kind: 'transient', texto: 'Sin respuesta del validador en 60 s' });
    expect(classifyAnswer({ failure: 'REFUSED', code: 'ECONNREFUSED', message: 'x' })).toMatchObject({ kind: 'transient', texto: expect.stringContaining('ECONNREFUSED') });
    expect(classifyAnswer({ failure: 'NETWORK', code: 'ECONNRESET', message: 'other side closed' })).toMatchObject({ kind: 'transient', texto: expect.stringContaining('other side closed') });
  });
});

describe('classifyAnswer: session answers log in again', () => {
  it('TOT002, HTTP 401, the local API\'s login failure alone', () => {
    expect(classifyAnswer(rejected(item('TOT002'))).kind).toBe('session');
    expect(classifyAnswer({ httpStatus: 401, text: '' }).kind).toBe('session');
    expect(classifyAnswer({ httpStatus: 500, text: MUV_TEXTOS_API_LOCAL.login }).kind).toBe('session');
  });
});

describe('classifyAnswer: duplicates recover the existing CUV', () => {
  it('RVG02 + RVG18 with the CUFE first: the CUV labelled as such, never the CUFE; the ProcesoId too', () => {
    const obs = `CUFE/CUDE: ${CUFE} CUV: ${CUV} ProcesoId: 206498537`;
    const a = classifyAnswer(rejected(item('RVG02', 'RECHAZADO', obs), item('RVG18', 'RECHAZADO', obs)));
    expect(a).toMatchObject({ kind: 'duplicate', cuv: CUV, procesoId: 206498537 });
  });

  it('RVG18 alone with the CUV in Observaciones (the earlier shape); an unlabelled pair is told apart by the package\'s CUFE', () => {
    expect(classifyAnswer(rejected(item('RVG18', 'RECHAZADO', `CUV: ${CUV}`)))).toMatchObject({ kind: 'duplicate', cuv: CUV });
    const unlabelled = rejected(item('RVG18', 'RECHAZADO', `${CUFE} ${CUV}`));
    expect(classifyAnswer(unlabelled, { cufe: CUFE.toUpperCase() })).toMatchObject({ kind: 'duplicate', cuv: CUV });
  });

  it('RVG18 without any CUV is still a duplicate (the caller asks the ministry); RVG02 alone is a rule finding', () => {
    expect(classifyAnswer(rejected(item('RVG18', 'RECHAZADO', 'ya validado')))).toMatchObject({ kind: 'duplicate', cuv: null });
    expect(classifyAnswer(rejected(item('RVG02'))).kind).toBe('verdict');
    expect(duplicateKnowledge([{ clase: 'RECHAZADO', codigo: 'RVG18', descripcion: '', observaciones: `CUFE: ${CUFE}`, pathFuente: '', fuente: '' }], null).cuv).toBeNull();
  });
});

describe('classifyLogin', () => {
  it('a token; a refusal of the credentials; the local API\'s failure texts, 5xx, HTML and time-outs are transient', () => {
    expect(classifyLogin({ httpStatus: 200, text: JSON.stringify({ token: 'a.b.c', login: true }) })).toEqual({ kind: 'token', token: 'a.b.c' });
    expect(classifyLogin({ httpStatus: 200, text: JSON.stringify({ token: null, login: false, errors: ['Sus Credenciales de Usuario no son validas'] }) })).toEqual({
      kind: 'rejected',
      texto: 'Sus Credenciales de Usuario no son validas',
    });
    expect(classifyLogin({ httpStatus: 200, text: JSON.stringify({ token: null, login: false, errors: [MUV_TEXTOS_API_LOCAL.login, MUV_TEXTOS_API_LOCAL.conexionRechazada] }) }).kind).toBe('transient');
    expect(classifyLogin({ httpStatus: 503, text: '' }).kind).toBe('transient');
    expect(classifyLogin({ httpStatus: 502, text: '<html><title>Bad Gateway</title></html>' }).kind).toBe('transient');
    expect(classifyLogin({ failure: 'TIMEOUT', timeoutMs: 1000 }).kind).toBe('transient');
  });
});
