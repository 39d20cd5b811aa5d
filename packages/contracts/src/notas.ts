import { z } from 'zod';
import { ZHallazgoRips } from './rips.ts';
import type { TMuvEndpoint } from './muv.ts';
import { MSG_NOTAS } from './messages-notas.ts';

/**
 * Notes built from a filed invoice (`POST /api/FevRips/{id}/notas`, the 'Crear nota' page, the CLI's `nota`): the note
 * types the ministry defines for an invoice it validated, and the calls' shapes. Reference: shared/notes/
 * fevrips-reference.md §1.2 (package types table), §3.6 (RVC004), §4.4 (BillingReference), §9 (notes built by hand).
 */

/**
 * The note types: partial credit (CargarNC), total credit (CargarNCTotal, XML only), debit (CargarND) and adjustment
 * (CargarNotaAjuste: data only, no value change). `tipoNota` is what the note's RIPS carries (null: no RIPS);
 * `documento` the DIAN document its XML must be (null: a credit or a debit note, or no XML); `signo` how the note
 * moves the invoice's net value.
 */
export const NOTA_TIPOS = {
  NC: { endpoint: 'CargarNC', tipoNota: 'NC', documento: 'NC', signo: -1 },
  NCTotal: { endpoint: 'CargarNCTotal', tipoNota: null, documento: 'NC', signo: -1 },
  ND: { endpoint: 'CargarND', tipoNota: 'ND', documento: 'ND', signo: 1 },
  NA: { endpoint: 'CargarNotaAjuste', tipoNota: 'NA', documento: null, signo: 0 },
} as const satisfies Record<
  string,
  { endpoint: TMuvEndpoint; tipoNota: 'NC' | 'ND' | 'NA' | null; documento: 'NC' | 'ND' | null; signo: -1 | 0 | 1 }
>;
export const TIPOS_NOTA = ['NC', 'NCTotal', 'ND', 'NA'] as const;
export type TTipoNota = (typeof TIPOS_NOTA)[number];

/** Most services one note may name (a 5 000-service note is about 400 KB of `servicios` JSON). */
export const MAX_SERVICIOS_NOTA = 5_000;
/** Largest `servicios` field of the multipart form, bytes. */
export const MAX_SERVICIOS_BYTES = 512 * 1024;

/**
 * One service of the invoice named in the ministry's path notation (`usuarios[0].servicios.procedimientos[1]`, as its
 * findings' PathFuente) and the value the note credits or debits, COP (omitted or null: the service's whole value; an
 * adjustment note carries none).
 */
export const ZNotaServicio = z.object({
  pathFuente: z.string().trim().min(1).max(120),
  valor: z.number().finite().nullable().optional(),
});
export type TNotaServicio = z.infer<typeof ZNotaServicio>;
export const ZNotaServicios = z.array(ZNotaServicio).max(MAX_SERVICIOS_NOTA);

/**
 * The text fields of `POST /api/FevRips/{id}/notas` (multipart; the file part `archivo` is the note's XML, required
 * except for an adjustment note, which may travel without XML and then needs `numNota`). `servicios` is the JSON text
 * of {@link ZNotaServicios}; `destino` `borrador` (the web page) leaves the note's RIPS in the RIPS editor instead of
 * filing it.
 */
export const ZTipoNota = z.enum(TIPOS_NOTA, { error: MSG_NOTAS.tipoInvalido });
export const ZCrearNotaFields = z.object({
  tipo: ZTipoNota,
  servicios: z.string().optional(),
  numNota: z.string().trim().max(30, MSG_NOTAS.campoMuyLargo('numNota')).optional(),
  destino: z.enum(['documento', 'borrador']).optional(),
});
export const CREAR_NOTA_FORM = { file: 'archivo', fields: ZCrearNotaFields } as const;
/** `POST /api/FevRips/{id}/notas/propuesta`: the note's XML (`archivo`) and its type. */
export const ZPropuestaNotaFields = z.object({ tipo: ZTipoNota });
export const PROPUESTA_NOTA_FORM = { file: 'archivo', fields: ZPropuestaNotaFields } as const;

/** One service of an invoice's RIPS as the note builder lists it. Amounts COP; `fecha` yyyy-mm-dd. */
export const ZServicioFactura = z.object({
  pathFuente: z.string(),
  lista: z.string(),
  /** Index of the user in the invoice's `usuarios`. */
  usuario: z.number(),
  /** The user's identification as the RIPS writes it ("CC 39543270"). */
  usuarioId: z.string(),
  codigo: z.string().nullable(),
  descripcion: z.string().nullable(),
  fecha: z.string().nullable(),
  /** `vrServicio`; null for the lists that carry none (urgencias, hospitalización, recién nacidos). */
  valor: z.number().nullable(),
  /** What a new credit note may still credit: the value less the earlier credit notes of the invoice (null: no value). */
  disponible: z.number().nullable(),
});
export type TServicioFactura = z.infer<typeof ZServicioFactura>;

/** `GET /api/FevRips/{id}/servicios`: the invoice and its services. */
export const ZServiciosFacturaData = z.object({
  factura: z.object({
    id: z.number(),
    formato: z.string(),
    numFactura: z.string().nullable(),
    estado: z.string(),
    cuv: z.string().nullable(),
    totalFactura: z.number(),
  }),
  servicios: z.array(ZServicioFactura),
});
export type TServiciosFacturaData = z.infer<typeof ZServiciosFacturaData>;

/** One line of the note's XML and the services the proposal gave it. */
export const ZLineaPropuesta = z.object({
  linea: z.number(),
  codigo: z.string().nullable(),
  descripcion: z.string().nullable(),
  cantidad: z.number().nullable(),
  valor: z.number().nullable(),
  servicios: z.array(z.string()),
  /** COP of the line no service took (0 when the line is covered). */
  sinEmparejar: z.number(),
});
export type TLineaPropuesta = z.infer<typeof ZLineaPropuesta>;

/** What Radica read from a note's XML. */
export const ZNotaLeida = z.object({
  numero: z.string(),
  tipoDocumento: z.string(),
  /** The note's value, COP (`LineExtensionAmount`, else `PayableAmount`). */
  valor: z.number(),
  cude: z.string().nullable(),
  facturaReferenciada: z.string().nullable(),
  fechaEmision: z.string().nullable(),
});

/** `POST /api/FevRips/{id}/notas/propuesta`: the note read, and the services proposed from its lines (for review). */
export const ZPropuestaNotaData = z.object({
  nota: ZNotaLeida,
  servicios: z.array(z.object({ pathFuente: z.string(), valor: z.number().nullable() })),
  lineas: z.array(ZLineaPropuesta),
});
export type TPropuestaNotaData = z.infer<typeof ZPropuestaNotaData>;

/**
 * `POST /api/FevRips/{id}/notas`: the note's document (`fevRipsId`, sent then like any document) or, with `destino`
 * `borrador`, its RIPS draft (`borradorId`, /listado-rips/{id}); the note's RIPS (null for a total credit note), its
 * findings and its totals against the XML (COP; `diferencia` = XML value − Σ vrServicio, null without RIPS).
 */
export const ZNotaData = z.object({
  fevRipsId: z.number().nullable(),
  borradorId: z.number().nullable(),
  formato: z.string(),
  tipo: z.enum(TIPOS_NOTA),
  numNota: z.string(),
  numFactura: z.string(),
  estado: z.string().nullable(),
  servicioCarga: z.string(),
  valorNota: z.number().nullable(),
  totalServicios: z.number().nullable(),
  diferencia: z.number().nullable(),
  rips: z.record(z.string(), z.unknown()).nullable(),
  hallazgos: z.array(ZHallazgoRips),
});
export type TNotaData = z.infer<typeof ZNotaData>;

/** One note of an invoice's family (detail page). `valor` COP as its XML gives it (0 for an adjustment note). */
export const ZNotaFamilia = z.object({
  id: z.number(),
  formato: z.string(),
  tipoDocumento: z.string(),
  servicioCarga: z.string().nullable(),
  valor: z.number(),
  estado: z.string(),
  cuv: z.string().nullable(),
  fechaCreacion: z.string(),
});
export type TNotaFamilia = z.infer<typeof ZNotaFamilia>;

/**
 * The family of a document on its detail: for an invoice its notes and the net value (invoice − credits + debits,
 * cancelled notes left out; `valorNetoRadicado` counts only the notes the ministry approved); for a note the invoice it
 * corrects (`factura`, null when Radica does not hold it).
 */
export const ZFamilia = z.object({
  factura: z.object({ id: z.number(), formato: z.string() }).nullable(),
  notas: z.array(ZNotaFamilia),
  valorFactura: z.number().nullable(),
  creditos: z.number(),
  debitos: z.number(),
  valorNeto: z.number().nullable(),
  valorNetoRadicado: z.number().nullable(),
});
export type TFamilia = z.infer<typeof ZFamilia>;
