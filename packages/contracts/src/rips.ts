import { z } from 'zod';
import { MSG } from './messages.ts';
import { MSG_RIPS } from './messages-rips.ts';

/**
 * The RIPS module's calls: drafts created on the platform (/listado-rips…), their editor, spreadsheets,
 * reference searches, patients and medications. Paths under /api/rips. Field names of the RIPS as the ministry writes
 * them; everything else plain Spanish like the rest of the API.
 */

export const RIPS_ESTRUCTURAS = ['res2275-2023', 'res948-2026-dt1-v002'] as const;
export const ZEstructuraRips = z.enum(RIPS_ESTRUCTURAS);
export type TEstructuraRips = z.infer<typeof ZEstructuraRips>;

/** How a draft started. */
export const ZOrigenBorrador = z.enum(['xml', 'hoja', 'json', 'vacio']);
export type TOrigenBorrador = z.infer<typeof ZOrigenBorrador>;

/**
 * The list status of a draft: Borrador (never checked or with nothing yet), Con hallazgos (RECHAZADO
 * findings), Listo (no RECHAZADO and the invoice XML attached), Radicado (filed as a ministry document).
 */
export const ZEstadoBorrador = z.enum(['BORRADOR', 'CON_HALLAZGOS', 'LISTO', 'RADICADO']);
export type TEstadoBorrador = z.infer<typeof ZEstadoBorrador>;
export const ESTADO_BORRADOR_LABEL: Record<TEstadoBorrador, string> = {
  BORRADOR: 'Borrador',
  CON_HALLAZGOS: 'Con hallazgos',
  LISTO: 'Listo',
  RADICADO: 'Radicado',
};

/** A finding of the engine (same shape as the ministry's, packages/fevrips findings.ts). */
export const ZHallazgoRips = z.object({
  clase: z.string(),
  codigo: z.string(),
  descripcion: z.string(),
  observaciones: z.string(),
  pathFuente: z.string(),
  fuente: z.string(),
});
export type THallazgoRips = z.infer<typeof ZHallazgoRips>;

/** A list row of /listado-rips. Amounts in pesos. */
export const ZBorradorFila = z.object({
  id: z.number(),
  formato: z.string().nullable(),
  numFactura: z.string().nullable(),
  tipoNota: z.string().nullable(),
  numNota: z.string().nullable(),
  estructura: ZEstructuraRips,
  origen: ZOrigenBorrador,
  estado: ZEstadoBorrador,
  cantidadUsuarios: z.number(),
  cantidadServicios: z.number(),
  totalValorServicios: z.number(),
  totalRechazos: z.number(),
  totalNotificaciones: z.number(),
  tieneXml: z.boolean(),
  fevRipsId: z.number().nullable(),
  fechaCreacion: z.string(),
  fechaModificacion: z.string(),
});
export type TBorradorFila = z.infer<typeof ZBorradorFila>;

export const ZBorradoresRequest = z.object({
  texto: z.string().trim().max(60).optional(),
  estado: ZEstadoBorrador.optional(),
  estructura: ZEstructuraRips.optional(),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TBorradoresRequest = z.output<typeof ZBorradoresRequest>;
export const BORRADORES_POR_PAGINA = 15;
export const ZBorradoresData = z.object({ items: z.array(ZBorradorFila), total: z.number(), paginas: z.number() });
export type TBorradoresData = z.infer<typeof ZBorradoresData>;

/** What the invoice XML of a draft says (prefill and totals to reconcile). */
export const ZFacturaBorrador = z.object({
  nombreArchivo: z.string(),
  formato: z.string(),
  tipoDocumento: z.string(),
  fechaEmision: z.string().nullable(),
  periodoInicio: z.string().nullable(),
  periodoFin: z.string().nullable(),
  codigoPrestador: z.string().nullable(),
  nitObligado: z.string().nullable(),
  totalFactura: z.number().nullable(),
  totalBruto: z.number().nullable(),
  totalPagosAnticipados: z.number().nullable(),
  /** Σ PrepaidPayment by conceptoRecaudo (01 copago, 02 cuota moderadora…). */
  pagosPorConcepto: z.record(z.string(), z.number()),
});
export type TFacturaBorrador = z.infer<typeof ZFacturaBorrador>;

/** Totals of the RIPS against the invoice. */
export const ZConciliacion = z.object({
  cantidadUsuarios: z.number(),
  cantidadServicios: z.number(),
  totalValorServicios: z.number(),
  totalPagoModerador: z.number(),
  pagoModeradorPorConcepto: z.record(z.string(), z.number()),
  /** The invoice's gross total (LineExtensionAmount) minus Σ vrServicio; null without the XML. */
  diferenciaValorServicios: z.number().nullable(),
  /** The invoice's prepaid payments minus Σ valorPagoModerador; null without the XML. */
  diferenciaPagosModeradores: z.number().nullable(),
});
export type TConciliacion = z.infer<typeof ZConciliacion>;

export const ZBorradorDetalle = z.object({
  id: z.number(),
  version: z.number(),
  estado: ZEstadoBorrador,
  estructura: ZEstructuraRips,
  origen: ZOrigenBorrador,
  /** The RIPS (the ministry document's JSON once radicated: one copy). */
  rips: z.record(z.string(), z.unknown()),
  factura: ZFacturaBorrador.nullable(),
  hallazgos: z.array(ZHallazgoRips),
  conciliacion: ZConciliacion,
  fevRipsId: z.number().nullable(),
  /** Whether the editor may change it (not radicated). */
  editable: z.boolean(),
  /**
   * The codPrestador a new service starts with when no service of the RIPS has one yet: the provider configuration's
   * (12 digits, when it is the invoice's provider), else the invoice's when it has 12 digits; null when neither.
   */
  codPrestadorSugerido: z.string().nullable(),
  fechaModificacion: z.string(),
});
export type TBorradorDetalle = z.infer<typeof ZBorradorDetalle>;

const ZObjeto = z.record(z.string(), z.unknown());
/**
 * One change of an autosave: the invoice fields; one user replaced whole (with its services), inserted or removed;
 * or the whole RIPS. Indexes are 0-based positions in `usuarios`.
 */
export const ZCambioRips = z.discriminatedUnion('op', [
  z.object({ op: z.literal('transaccion'), campos: ZObjeto }),
  z.object({ op: z.literal('usuario'), indice: z.number().int().min(0).max(1_000_000), usuario: ZObjeto }),
  z.object({ op: z.literal('insertarUsuario'), indice: z.number().int().min(0).max(1_000_000), usuario: ZObjeto }),
  z.object({ op: z.literal('eliminarUsuario'), indice: z.number().int().min(0).max(1_000_000) }),
  z.object({ op: z.literal('reemplazar'), rips: ZObjeto }),
]);
export type TCambioRips = z.infer<typeof ZCambioRips>;

/** PATCH /api/rips/borradores/{id}: the version the changes were made on (optimistic concurrency). */
export const ZGuardarBorradorRequest = z.object({
  version: z.number().int().min(1),
  cambios: z.array(ZCambioRips).min(1).max(500),
  estructura: ZEstructuraRips.optional(),
});
export type TGuardarBorradorRequest = z.infer<typeof ZGuardarBorradorRequest>;
export const ZGuardarBorradorData = z.object({
  version: z.number(),
  estado: ZEstadoBorrador,
  estructura: ZEstructuraRips,
  hallazgos: z.array(ZHallazgoRips),
  conciliacion: ZConciliacion,
  fechaModificacion: z.string(),
});
export type TGuardarBorradorData = z.infer<typeof ZGuardarBorradorData>;
/** `data` of the 409 BORRADOR_CAMBIO: what the other tab saved. */
export const ZBorradorCambioData = z.object({ version: z.number(), fechaModificacion: z.string() });

/** POST /api/rips/borradores (multipart, file part `archivo` optional, field `origen`). */
export const ZCrearBorradorFields = z.object({ origen: ZOrigenBorrador, estructura: ZEstructuraRips.optional() });
export const CREAR_BORRADOR_FORM = { file: 'archivo', fields: ZCrearBorradorFields } as const;
/**
 * POST /api/rips/borradores `data`: the new draft, and what the import changed for the editor to say (a RIPS JSON's
 * property names read in the norm's spelling, properties the norm does not define left out).
 */
export const ZCrearBorradorData = z.object({ id: z.number(), avisos: z.array(z.string()) });
export type TCrearBorradorData = z.infer<typeof ZCrearBorradorData>;

/** One error of a spreadsheet import (422 HOJA_CON_ERRORES `data`). */
export const ZErrorHoja = z.object({ fila: z.number(), columna: z.string().nullable(), mensaje: z.string() });
export const ZHojaErroresData = z.object({ errores: z.array(ZErrorHoja), totalErrores: z.number() });
export type THojaErroresData = z.infer<typeof ZHojaErroresData>;

/** POST /api/rips/borradores/{id}/radicar answer: the ministry document the RIPS is now. */
export const ZRadicarData = z.object({ fevRipsId: z.number(), formato: z.string(), estado: z.string() });
/**
 * `data` of a refused 'Radicar' whose invoice is already a ministry document (409 BORRADOR_FORMATO_EXISTE) or of a draft
 * already radicated (409 BORRADOR_RADICADO): the document to open instead.
 */
export const ZDocumentoExistenteData = z.object({ fevRipsId: z.number().nullable(), formato: z.string().nullable(), estado: z.string().nullable() });
export type TDocumentoExistenteData = z.infer<typeof ZDocumentoExistenteData>;

// ---- versions of a draft (docs/decisions/050) -----------------------------------------------------------------

/** Why the autosave kept an earlier content: a user or a service removed, the whole RIPS replaced or restored, or time. */
export const MOTIVOS_VERSION = ['eliminar-usuario', 'eliminar-servicio', 'reemplazar', 'restaurar', 'periodica'] as const;
export type TMotivoVersion = (typeof MOTIVOS_VERSION)[number];
export const MOTIVO_VERSION_LABEL: Record<TMotivoVersion, string> = {
  'eliminar-usuario': 'Antes de eliminar un usuario',
  'eliminar-servicio': 'Antes de eliminar un servicio',
  reemplazar: 'Antes de reemplazar el RIPS',
  restaurar: 'Antes de restaurar otra versión',
  periodica: 'Copia automática',
};
/** One kept version (GET /api/rips/borradores/{id}/versiones). Dates ISO 8601. */
export const ZVersionBorrador = z.object({
  id: z.number(),
  version: z.number(),
  motivo: z.enum(MOTIVOS_VERSION),
  cantidadUsuarios: z.number(),
  cantidadServicios: z.number(),
  fecha: z.string(),
});
export type TVersionBorrador = z.infer<typeof ZVersionBorrador>;
export const ZVersionesData = z.object({ items: z.array(ZVersionBorrador) });
export type TVersionesData = z.infer<typeof ZVersionesData>;
const idEntero = (mensaje: string) => z.coerce.number({ error: mensaje }).int(mensaje).min(1, mensaje).max(2_147_483_647, mensaje);
export const ZVersionParams = z.object({ id: idEntero(MSG.invalidDocumentId), versionId: idEntero(MSG_RIPS.versionNoEncontrada) });
/** POST /api/rips/borradores/{id}/versiones/{versionId}/restaurar: the draft's version the restore replaces. */
export const ZRestaurarVersionRequest = z.object({ version: z.number({ error: MSG.requestInvalid }).int(MSG.requestInvalid).min(1, MSG.requestInvalid) });

// ---- references -----------------------------------------------------------------------------------------------

export const ZReferenciaTipo = z.enum(['cups', 'cie10', 'municipios', 'paises']);
export type TReferenciaTipo = z.infer<typeof ZReferenciaTipo>;
export const ZReferenciasRequest = z.object({ texto: z.string().trim().min(1).max(80), limite: z.coerce.number().int().min(1).max(30).default(15) });
export const ZReferencia = z.object({ codigo: z.string(), nombre: z.string(), detalle: z.string().optional() });
export type TReferencia = z.infer<typeof ZReferencia>;
export const ZReferenciasData = z.object({ items: z.array(ZReferencia) });

/** GET /api/rips/estructura: the fields of a structure, for the editor's forms. */
export const ZCampoRips = z.object({
  campo: z.string(),
  tipo: z.enum(['texto', 'entero', 'decimal', 'fecha', 'fechaHora']),
  obligatorio: z.boolean(),
  /** Required only when another field of the record has this value (municipio and zona when the country is 170). */
  obligatorioSi: z.object({ campo: z.string(), valor: z.string() }).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  tabla: z.string().optional(),
  /** The codes of a short list with their names, in order. */
  opciones: z.array(z.object({ codigo: z.string(), nombre: z.string() })).optional(),
});
export type TCampoRips = z.infer<typeof ZCampoRips>;
export const ZEstructuraData = z.object({
  version: ZEstructuraRips,
  norma: z.string(),
  transaccion: z.array(ZCampoRips),
  usuario: z.array(ZCampoRips),
  servicios: z.record(z.string(), z.array(ZCampoRips)),
});
export type TEstructuraData = z.infer<typeof ZEstructuraData>;

// ---- patients ---------------------------------------------------------------------------------------------------

const CAMPO = MSG_RIPS.pacienteCampo;
/** A patient's fields (the form, the patients CSV): each wrong value says, in Spanish, what it must be. */
export const ZPacienteCampos = z.object({
  tipoDocumentoIdentificacion: z.string(CAMPO.tipoDocumentoIdentificacion).trim().min(2, CAMPO.tipoDocumentoIdentificacion).max(2, CAMPO.tipoDocumentoIdentificacion),
  numDocumentoIdentificacion: z.string(CAMPO.numDocumentoIdentificacion).trim().min(4, CAMPO.numDocumentoIdentificacion).max(20, CAMPO.numDocumentoIdentificacion),
  fechaNacimiento: z.string(CAMPO.fechaNacimiento).regex(/^\d{4}-\d{2}-\d{2}$/, CAMPO.fechaNacimiento).nullable(),
  codSexo: z.string(CAMPO.codSexo).max(1, CAMPO.codSexo).nullable(),
  tipoUsuario: z.string(CAMPO.tipoUsuario).max(2, CAMPO.tipoUsuario).nullable(),
  codPaisResidencia: z.string(CAMPO.codPaisResidencia).max(3, CAMPO.codPaisResidencia).nullable(),
  codMunicipioResidencia: z.string(CAMPO.codMunicipioResidencia).max(5, CAMPO.codMunicipioResidencia).nullable(),
  codZonaTerritorialResidencia: z.string(CAMPO.codZonaTerritorialResidencia).max(2, CAMPO.codZonaTerritorialResidencia).nullable(),
  codPaisOrigen: z.string(CAMPO.codPaisOrigen).max(3, CAMPO.codPaisOrigen).nullable(),
  nombre: z.string(CAMPO.nombre).trim().max(120, CAMPO.nombre).nullable(),
});
export type TPacienteCampos = z.infer<typeof ZPacienteCampos>;
/** The columns of the patients CSV (import and export): the RIPS user's field names and `nombre`. */
export const PACIENTE_COLUMNAS = [
  'tipoDocumentoIdentificacion',
  'numDocumentoIdentificacion',
  'fechaNacimiento',
  'codSexo',
  'tipoUsuario',
  'codPaisResidencia',
  'codMunicipioResidencia',
  'codZonaTerritorialResidencia',
  'codPaisOrigen',
  'nombre',
] as const;
export const ZPaciente = ZPacienteCampos.extend({ id: z.number(), origen: z.string(), fechaModificacion: z.string() });
export type TPaciente = z.infer<typeof ZPaciente>;
export const ZPacientesRequest = z.object({ texto: z.string().trim().max(60).optional(), pagina: z.coerce.number().int().min(1).max(100_000).default(1) });
export const PACIENTES_POR_PAGINA = 20;
export const ZPacientesData = z.object({ items: z.array(ZPaciente), total: z.number(), paginas: z.number(), puedeExportar: z.boolean() });
export type TPacientesData = z.infer<typeof ZPacientesData>;
/** One logged access to patient data (Ley 1581). */
export const ZAccesoPaciente = z.object({ id: z.number(), userId: z.number(), accion: z.string(), pacienteId: z.number().nullable(), detalle: z.string(), fecha: z.string() });
export const ZImportarPacientesData = z.object({ creados: z.number(), actualizados: z.number() });

// ---- medications ------------------------------------------------------------------------------------------------

export const ZMedicamentoCampos = z.object({
  codTecnologiaSalud: z.string().trim().min(1).max(20),
  nomTecnologiaSalud: z.string().trim().max(250).nullable(),
  formaFarmaceutica: z.string().trim().max(20).nullable(),
  concentracionMedicamento: z.number().int().min(0).max(2_147_483_647).nullable(),
  unidadMedida: z.number().int().min(0).max(2_147_483_647).nullable(),
  unidadMinDispensa: z.number().int().min(0).max(2_147_483_647).nullable(),
  tipoMedicamento: z.string().max(2).nullable(),
});
export type TMedicamentoCampos = z.infer<typeof ZMedicamentoCampos>;
export const ZMedicamento = ZMedicamentoCampos.extend({ id: z.number(), fechaModificacion: z.string() });
export type TMedicamento = z.infer<typeof ZMedicamento>;
export const ZMedicamentosData = z.object({ items: z.array(ZMedicamento), total: z.number(), paginas: z.number() });
export type TMedicamentosData = z.infer<typeof ZMedicamentosData>;
