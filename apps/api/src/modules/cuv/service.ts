import type { TConsultarCuvData } from '@radica/contracts/cuv';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { NO_AUDIT } from '../../integrations/muv/client.ts';
import { MuvError } from '../../integrations/muv/errors.ts';

/** The MUV client caches its token per tenant id; the platform's lookups use this one, which no tenant has. */
const PLATAFORMA = -1;

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);
const numero = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * POST /api/FevRips/consultar-cuv/: asks the ministry's ConsultarCUV with the platform's service
 * credentials (MUV_SERVICE_*) and returns what the ministry says of `cuv` (already validated, lower case), nothing of
 * Radica's tenants. Throws AppError CUV_DESCONOCIDO (404) when the ministry does not know it, CUV_CONSULTA_NO_DISPONIBLE
 * (503) without service credentials, MUV_UNAVAILABLE (502) when the ministry cannot answer.
 */
export async function consultarCuvPublico(deps: Pick<TDeps, 'config' | 'log' | 'muv'>, cuv: string): Promise<TConsultarCuvData> {
  const credentials = deps.config.muvServiceCredentials;
  if (!credentials) throw new AppError('CUV_CONSULTA_NO_DISPONIBLE', MSG_MINISTERIO.cuvConsultaNoDisponible);
  let answer: Awaited<ReturnType<TDeps['muv']['consultarCuv']>>;
  try {
    answer = await deps.muv.consultarCuv({ tenantId: PLATAFORMA, credentials, cuv, audit: NO_AUDIT });
  } catch (err) {
    if (!(err instanceof MuvError)) throw err;
    deps.log.warn({ kind: err.kind }, 'public CUV lookup failed');
    throw new AppError('MUV_UNAVAILABLE', MSG_MINISTERIO.cuvConsultaNoDisponible);
  }
  if (!answer) throw new AppError('CUV_DESCONOCIDO', MSG_MINISTERIO.cuvNoEncontrado);
  const d = answer.data;
  return {
    cuv: texto(d['codigounicovalidacion'])?.toLowerCase() ?? cuv,
    valido: d['esvalido'] === true,
    procesoId: numero(d['procesoid']),
    fechaValidacion: texto(d['fechavalidacion']),
    tipoDocumento: texto(d['tipodocumento']),
    numeroDocumento: texto(d['numerodocumento']),
    numDocumentoIdObligado: texto(d['numdocumentoidobligado']),
    fechaEmision: texto(d['fechaemision']),
    totalFactura: numero(d['totalfactura']),
    totalValorServicios: numero(d['totalvalorservicios']),
    cantidadUsuarios: numero(d['cantidadusuarios']),
    cantidadAtenciones: numero(d['cantidadatenciones']),
    identificacionAdquiriente: texto(d['identificacionadquiriente']),
    codigoPrestador: texto(d['codigoprestador']),
    modalidadPago: texto(d['modalidadpago']),
    numDocumentoReferenciado: texto(d['numdocumentoreferenciado']),
  };
}
