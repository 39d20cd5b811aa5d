import { findingFromMuv, type TMuvFinding } from '@radica/contracts/muv';
import { MuvError } from './errors.ts';

export type { TMuvFinding };

/** A parsed `ResultadoProcesoFevRips` (reference §1.5), whatever the key casing of the answer. */
export type TMuvResult = {
  httpStatus: number;
  resultState: boolean;
  procesoId: number | null;
  numFactura: string | null;
  cuv: string | null;
  fechaRadicacion: string | null;
  resultados: TMuvFinding[];
  raw: string;
};

const CUV_RE = /^[0-9a-f]{96}$/i;

/**
 * Parse a `ResultadoProcesoFevRips` (PascalCase on 200, camelCase on 400; reference §1.5 "Client rules implied"),
 * or a `BadRequestResponse { tipo, descripcion }`. Throws MuvError('UNAVAILABLE') when the body is not JSON.
 */
export function parseResultado(httpStatus: number, text: string): TMuvResult {
  const json = safeJson(text);
  if (!json || typeof json !== 'object') throw new MuvError('UNAVAILABLE', `Respuesta no JSON (HTTP ${httpStatus})`);
  const d = lowerKeys(json as Record<string, unknown>);
  if (!('resultstate' in d) && ('tipo' in d || 'descripcion' in d)) {
    return {
      httpStatus,
      resultState: false,
      procesoId: null,
      numFactura: null,
      cuv: null,
      fechaRadicacion: null,
      resultados: [
        {
          clase: 'RECHAZADO',
          codigo: String(d.tipo ?? 'BadRequest'),
          descripcion: String(d.descripcion ?? ''),
          observaciones: '',
          pathFuente: '',
          fuente: '',
        },
      ],
      raw: text,
    };
  }
  const resultados = parseFindings(d.resultadosvalidacion);
  const cuvRaw = typeof d.codigounicovalidacion === 'string' ? d.codigounicovalidacion.trim() : '';
  const procesoId = Number(d.procesoid);
  return {
    httpStatus,
    resultState: d.resultstate === true || String(d.resultstate).toLowerCase() === 'true',
    procesoId: Number.isFinite(procesoId) && procesoId > 0 ? procesoId : null,
    numFactura: typeof d.numfactura === 'string' && d.numfactura ? d.numfactura : null,
    cuv: CUV_RE.test(cuvRaw) ? cuvRaw.toLowerCase() : null,
    fechaRadicacion: typeof d.fecharadicacion === 'string' ? d.fecharadicacion : null,
    resultados,
    raw: text,
  };
}

/** `ResultadosValidacion` items, whatever their key casing (contracts' findingFromMuv). */
export function parseFindings(value: unknown): TMuvFinding[] {
  return (Array.isArray(value) ? value : []).map(findingFromMuv);
}

export function lowerKeys(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k.toLowerCase()] = v;
  return out;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
}

export function jwtExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

