/**
 * The ministry's FEV-RIPS API protocol (MUV, FVE.WebAPILocal), described once for the three parts that speak it: the
 * API's client (apps/api/src/integrations/muv), the local simulator (apps/muv-simulator) and the pre-validator
 * (packages/fevrips). Source: shared/notes/fevrips-reference.md §1.2 (endpoints), §1.3 (login), §1.5 (results).
 */

/** How an upload endpoint treats one side of the `FevRipsApiLocalDTO` body. `ignored`: not read even when sent. */
export type TCargaSide = 'required' | 'optional' | 'ignored';

/**
 * The upload endpoints under `/api/PaquetesFevRips/`: which sides of `{ rips, xmlFevFile }` each reads, the DIAN
 * document type its XML must be (`null`: any) and the RIPS `tipoNota` it expects (`null`: none or ""). Sides and types
 * follow the scenario table of reference §1.2; where the reference says ❓ the side is `optional`.
 */
export const MUV_CARGA_ENDPOINTS = [
  { name: 'CargarFevRips', paquete: 'Factura con RIPS', xml: 'required', rips: 'required', tipoDocumento: 'FV', tipoNota: null },
  { name: 'CargarNC', paquete: 'Nota crédito', xml: 'required', rips: 'required', tipoDocumento: 'NC', tipoNota: 'NC' },
  { name: 'CargarNCTotal', paquete: 'Nota crédito total', xml: 'required', rips: 'ignored', tipoDocumento: 'NC', tipoNota: 'NC' },
  { name: 'CargarND', paquete: 'Nota débito', xml: 'required', rips: 'required', tipoDocumento: 'ND', tipoNota: 'ND' },
  { name: 'CargarNotaAjuste', paquete: 'Nota de ajuste', xml: 'optional', rips: 'required', tipoDocumento: null, tipoNota: 'NA' },
  { name: 'CargarRipsSinFactura', paquete: 'RIPS sin factura', xml: 'ignored', rips: 'required', tipoDocumento: null, tipoNota: 'RS' },
  { name: 'CargarCapitaInicial', paquete: 'Capitación inicial', xml: 'required', rips: 'ignored', tipoDocumento: 'FV', tipoNota: null },
  { name: 'CargarCapitaPeriodo', paquete: 'Capitación del periodo', xml: 'required', rips: 'required', tipoDocumento: 'FV', tipoNota: null },
  { name: 'CargarCapitaFinal', paquete: 'Capitación final', xml: 'optional', rips: 'required', tipoDocumento: 'FV', tipoNota: null },
  { name: 'CargarNcCapita', paquete: 'Nota crédito de capitación', xml: 'required', rips: 'optional', tipoDocumento: 'NC', tipoNota: 'NC' },
  { name: 'CargarNCAcuerdoVoluntades', paquete: 'Nota crédito por acuerdo de voluntades', xml: 'required', rips: 'optional', tipoDocumento: 'NC', tipoNota: 'NC' },
] as const satisfies ReadonlyArray<{
  name: string;
  /** The package type as a billing clerk calls it (shown on the document detail, 'Tipo de paquete'). */
  paquete: string;
  xml: TCargaSide;
  rips: TCargaSide;
  tipoDocumento: 'FV' | 'NC' | 'ND' | null;
  tipoNota: 'NC' | 'ND' | 'NA' | 'RS' | null;
}>;

/** An upload endpoint's row of {@link MUV_CARGA_ENDPOINTS}. */
export type TCargaEndpoint = (typeof MUV_CARGA_ENDPOINTS)[number];
/** The name of an upload endpoint (`POST /api/PaquetesFevRips/{name}`). */
export type TMuvEndpoint = TCargaEndpoint['name'];

/** The row of {@link MUV_CARGA_ENDPOINTS} named `name`, or undefined for an unknown name. */
export function cargaEndpoint(name: string | null | undefined): TCargaEndpoint | undefined {
  return MUV_CARGA_ENDPOINTS.find((e) => e.name === name);
}

/**
 * True when a document holding these files can be sent to `endpoint`: both files, or
 * the one file the endpoint needs when the other side is optional or ignored (a total credit note or a capitation
 * invoice alone, a RIPS without invoice, an adjustment note). The API's status and send guard and the web's send
 * button all decide with this.
 */
export function paqueteCompleto(endpoint: string | null | undefined, files: { xml: boolean; json: boolean }): boolean {
  if (files.xml && files.json) return true;
  const row = cargaEndpoint(endpoint);
  if (!row || (!files.xml && !files.json)) return false;
  return (row.xml !== 'required' || files.xml) && (row.rips !== 'required' || files.json);
}

/** Login path of the validator user (reference §1.3). */
export const MUV_LOGIN_PATH = '/api/Auth/LoginSISPRO';

/** `UsuarioSISPRO`, the login body (reference §1.3): the validator user's document, its password and the provider's NIT. */
export type TUsuarioSISPRO = { persona: { identificacion: { tipo: string; numero: string } }; clave: string; nit: string };

/** The login body for a validator user (document type CC unless told). */
export function usuarioSISPRO(o: { userValidator: string; passwordValidator: string; nit: string; tipoDocumentoUsuario?: string }): TUsuarioSISPRO {
  return { persona: { identificacion: { tipo: o.tipoDocumentoUsuario ?? 'CC', numero: o.userValidator } }, clave: o.passwordValidator, nit: o.nit };
}

/** One validation finding exactly as the MUV writes it (`ResultadoValidacionDTO`, PascalCase keys; reference §1.5). */
export type TResultadoValidacion = {
  Clase: 'RECHAZADO' | 'NOTIFICACION';
  Codigo: string;
  Descripcion: string;
  Observaciones: string;
  PathFuente: string;
  Fuente: string;
};

/** The same finding as Radica stores and shows it (camelCase, any class the ministry sends). */
export type TMuvFinding = { clase: string; codigo: string; descripcion: string; observaciones: string; pathFuente: string; fuente: string };

/** A finding read from a ministry answer whatever its key casing (200 answers are PascalCase, 400 camelCase). */
export function findingFromMuv(item: unknown): TMuvFinding {
  const i: Record<string, unknown> = {};
  if (typeof item === 'object' && item !== null) for (const [k, v] of Object.entries(item)) i[k.toLowerCase()] = v;
  return {
    clase: String(i.clase ?? ''),
    codigo: String(i.codigo ?? ''),
    descripcion: String(i.descripcion ?? ''),
    observaciones: String(i.observaciones ?? ''),
    pathFuente: String(i.pathfuente ?? ''),
    fuente: String(i.fuente ?? ''),
  };
}

/** A finding as the MUV writes it, from Radica's (the simulator answers with the checks of packages/fevrips). */
export function findingToMuv(f: { clase: 'RECHAZADO' | 'NOTIFICACION'; codigo: string; descripcion: string; observaciones: string; pathFuente: string; fuente: string }): TResultadoValidacion {
  return { Clase: f.clase, Codigo: f.codigo, Descripcion: f.descripcion, Observaciones: f.observaciones, PathFuente: f.pathFuente, Fuente: f.fuente };
}

/** What a result file says after the process part of its name: the ministry's `A_CUV` / `R_HALLAZGOS`, or Radica's own. */
export type TSufijoResultado = 'A_CUV' | 'R_HALLAZGOS' | 'HALLAZGOS' | 'RADICADO' | 'INCOMPLETO' | 'YA_RADICADO';

/**
 * The one name of a result file, the ministry's (fevrips-reference.md §"Download names": its desktop client saves
 * `ResultadosMSPS_{NumFactura}_ID{ProcesoId}_A_CUV.json`, `_R` when rejected): `NA` stands for a process id there is
 * none of (Radica's own outcomes: not sent, incomplete…). The formato keeps letters, digits, '_' and '-' (a file
 * name's extension is dropped). Used by the SFTP channel's result files and the list's ZIP of answers.
 */
export function nombreResultadoMsps(formato: string, procesoId: number | null | undefined, sufijo: TSufijoResultado): string {
  const seguro = formato.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'archivo';
  return `ResultadosMSPS_${seguro}_${procesoId ? `ID${procesoId}` : 'NA'}_${sufijo}.json`;
}

/**
 * A package with no invoice (a RIPS without invoice, `CargarRipsSinFactura`, tipoNota RS): its document has no invoice
 * type nor invoice value to show, only its RIPS's services.
 */
export function esSinFactura(servicioCarga: string | null | undefined): boolean {
  return cargaEndpoint(servicioCarga)?.tipoNota === 'RS';
}

/**
 * What the provider's local API (FVE.WebAPILocal, the ministry's Docker) answers instead of a result when it cannot
 * reach SISPRO or log in (shared/notes/fevrips-reference.md §9: plain-text "CUV files" of a hospital's June 2026 credit
 * notes held these lines, then a .NET stack trace). Never the ministry's verdict. The simulator answers with them and
 * the MUV client recognises them (apps/api integrations/muv/classify.ts).
 */
export const MUV_TEXTOS_API_LOCAL = {
  consumo: 'Se ha generado un error en el consumo',
  login: 'Se ha generado un error en el proceso de login',
  conexionRechazada:
    'One or more errors occurred. (No connection could be made because the target machine actively refused it. (fevrips.sispro.gov.co:443))',
  conexionFallida:
    'One or more errors occurred. (A connection attempt failed because the connected party did not properly respond after a period of time.)',
} as const;

/** A result item code of the ministry's own service failures (TOT002 session, TOT003 "timeout API SISPRO", reference §9). */
export const MUV_CODIGO_SERVICIO = /^TOT\d+$/i;
