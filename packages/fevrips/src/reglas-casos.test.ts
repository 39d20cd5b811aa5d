import { describe, expect, it } from 'vitest';
import { REGLAS } from '@radica/contracts/reglas';
import { MUV_CARGA_ENDPOINTS } from '@radica/contracts/muv';
import { checkDocuments, checkFiles, type TCheckOptions } from './engine.ts';
import type { THallazgoLocal } from './findings.ts';
import { parseRipsObject } from './rips.ts';
import { prestadoresDeMapa } from './rules-reps.ts';
import { RIPS_RULES } from './rules-rips.ts';
import { defaultReferenceTables, type TCupsEntry } from './tables.ts';
import { parseFevXml } from './xml.ts';
import {
  type TServicio,
  type TRips,
  NIT,
  FACTURA,
  CODIGO_PRESTADOR,
  COD_PRESTADOR,
  CUFE,
  type TFactura,
  facturaBase,
  notaBase,
  facturaXml,
  consulta,
  ripsBase,
  ripsBase948,
  urgencia,
  hospitalizacion,
  recienNacido,
  medicamento,
  otroServicio,
  usuario1,
  consulta1,
  agrega,
} from '../test/sinteticos.ts';

/**
 * A minimal failing case and a minimal passing case for every rule the catalogue marks `implementada`
 * (packages/contracts/src/reglas.ts). Each case starts from a small, clean, made-up base (one user with one consulta,
 * its invoice, or a credit note) and changes one field: `falla` must give the code with the catalogue's class, `pasa`
 * (the same input with that field fixed) must not give it, nor anything else. The table is checked against the
 * catalogue at run time, so a rule implemented without a case here fails this file.
 *
 * Every fixture is synthetic (no sample data): the invoice is an AttachedDocument built by {@link facturaXml}, the
 * RIPS a plain object built by {@link ripsBase}.
 */

/** The validation moment of every case (Colombia): the "not in the future" rules are decided against it. */
const NOW = new Date('2026-11-23T12:00:00-05:00');
const V2275 = { now: NOW, version: 'res2275-2023' } as const satisfies TCheckOptions;
const V948 = { now: NOW, version: 'res948-2026-dt1-v002' } as const satisfies TCheckOptions;

/** What one case feeds the engine: the XML text (or null), the RIPS object (or null) and the options. */
type TEntrada = { xml: string | null; rips: TRips | null; options: TCheckOptions };
type TCaso = {
  falla: () => TEntrada;
  pasa: () => TEntrada;
  /** The class the engine gives, when it is not the catalogue's (see the comment at the case). */
  claseMotor?: THallazgoLocal['clase'];
  /** Codes `pasa` may still give (by default none: the fixed input is clean). */
  enPasa?: readonly string[];
};


// Entrada builders: each builds a fresh base and lets the case change it.

/** The RIPS alone (Res. 2275/2023), after `edit`. */
function soloRips(edit: (r: TRips) => void): TEntrada {
  const rips = ripsBase();
  edit(rips);
  return { xml: null, rips, options: V2275 };
}

/** The RIPS alone in Res. 948/2026's structure, checked against it, after `edit`. */
function soloRips948(edit: (r: TRips) => void): TEntrada {
  const rips = ripsBase948();
  edit(rips);
  return { xml: null, rips, options: V948 };
}

/** The invoice alone, after `edit`. */
function soloXml(edit: (f: TFactura) => void): TEntrada {
  const f = facturaBase();
  edit(f);
  return { xml: facturaXml(f), rips: null, options: V2275 };
}

/** The credit note alone (as CargarNCTotal sends it), after `edit`. */
function soloNota(edit: (f: TFactura) => void): TEntrada {
  const f = notaBase();
  edit(f);
  return { xml: facturaXml(f), rips: null, options: V2275 };
}

/** The invoice and its RIPS, after `edit`. */
function par(edit: (f: TFactura, r: TRips) => void): TEntrada {
  const f = facturaBase();
  const rips = ripsBase();
  edit(f, rips);
  return { xml: facturaXml(f), rips, options: V2275 };
}

/**
 * A made-up REPS table (rules-reps.ts): the base's provider under its NIT, another provider's code under another NIT,
 * and a code the table has without NIT.
 */
const REPS = prestadoresDeMapa(
  new Map<string, string | null>([
    [CODIGO_PRESTADOR, NIT],
    ['5200100001', '800111222'],
    ['7600100001', null],
  ]),
);

/** `e` checked with the {@link REPS} table. */
function conReps(e: TEntrada): TEntrada {
  return { ...e, options: { ...e.options, prestadores: REPS } };
}

/**
 * A case as one input that differs only in the value `v` given to `entrada`: `mal` makes the rule fail, `bien` is the
 * fixed value.
 */
function varia<T>(mal: T, bien: T, entrada: (v: T) => TEntrada): TCaso {
  return { falla: () => entrada(mal), pasa: () => entrada(bien) };
}

/** The 201 consultas of LIMITE_HALLAZGOS, one a day from 2025-01-01 (no RVC018), each with `causa`, the last with `ultima`. */
function consultasDiarias(causa: string, ultima: string): TServicio[] {
  return Array.from({ length: 201 }, (_, i) => ({
    ...consulta(),
    fechaInicioAtencion: `${new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)} 08:00`,
    causaMotivoAtencion: i === 200 ? ultima : causa,
    consecutivo: i + 1,
  }));
}

/** A CUPSRips table whose lookup fails (a broken table object given in `options.tables`), for ERROR_VALIDADOR. */
class CupsIlegible extends Map<string, TCupsEntry> {
  override get(): TCupsEntry | undefined {
    throw new Error('tabla CUPSRips ilegible');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The cases, by code
// ---------------------------------------------------------------------------------------------------------------

const CASOS: Record<string, TCaso> = {
  // XML ↔ RIPS
  RVC001: varia('900999999', NIT, (v) => par((_f, r) => (r['numDocumentoIdObligado'] = v))),
  RVC004: varia('FE101', FACTURA, (v) => par((_f, r) => (r['numFactura'] = v))),
  // RVC012 against REPS (a real answer): another NIT's provider code fails; the RIPS alone, so PRESTADOR_FACTURA is silent
  RVC012: varia('520010000101', COD_PRESTADOR, (v) =>
    conReps(soloRips((r) => (consulta1(r)['codPrestador'] = v))),
  ),
  PRESTADOR_FACTURA: varia('520010000101', COD_PRESTADOR, (v) =>
    par((_f, r) => (consulta1(r)['codPrestador'] = v)),
  ),
  // the consulta's CUPS 890201 has Cobertura 01 in CUPSRips: an invoice of another cobertura is noted
  RVC017: varia('04', '01', (v) => par((f) => (f.salud!.cobertura = v))),
  RVC014: varia('2025-07-10 08:00', '2025-07-09 08:00', (v) =>
    par((_f, r) => (consulta1(r)['fechaInicioAtencion'] = v)),
  ),
  RVC034: varia(0, 100000, (v) => par((_f, r) => (consulta1(r)['vrServicio'] = v))),
  RVC036: varia(6000, 5000, (v) => par((_f, r) => (consulta1(r)['valorPagoModerador'] = v))),
  RVC044: varia('2025-07-10 00:00', '2025-07-09 23:59', (v) =>
    par((_f, r) => {
      const u = agrega(r, 'urgencias', urgencia());
      u['fechaInicioAtencion'] = '2025-07-09 08:00';
      u['fechaEgreso'] = v;
    }),
  ),
  RVG02: varia('90000.00', '100000.00', (v) => par((f) => (f.valorBruto = v))),

  // RIPS: the user
  RVC006: varia('2026-11-24', '1985-03-15', (v) => soloRips((r) => (usuario1(r)['fechaNacimiento'] = v))),
  RVC007: varia('TI', 'CC', (v) => soloRips((r) => (usuario1(r)['tipoDocumentoIdentificacion'] = v))),
  RVG12: varia('10203040', '10203041', (v) =>
    soloRips((r) => {
      const otro = structuredClone(usuario1(r));
      otro['numDocumentoIdentificacion'] = v;
      otro['consecutivo'] = 2;
      r.usuarios.push(otro);
    }),
  ),

  // RIPS: service dates
  RVC013: varia('2026-11-23 12:01', '2026-11-23 12:00', (v) =>
    soloRips((r) => (consulta1(r)['fechaInicioAtencion'] = v)),
  ),
  // RVC079–081: the user's document is a registro civil, which fits a first service at birth (no RVC007).
  RVC079: varia('1985-03-14 23:59', '1985-03-15 00:00', (v) =>
    soloRips((r) => {
      usuario1(r)['tipoDocumentoIdentificacion'] = 'RC';
      consulta1(r)['fechaInicioAtencion'] = v;
    }),
  ),
  RVC018: varia('2025-07-04 16:00', '2025-07-05 08:00', (v) =>
    soloRips((r) => agrega(r, 'consultas', { ...consulta(), fechaInicioAtencion: v, consecutivo: 2 })),
  ),

  // RIPS: urgencias and hospitalización
  RVC038: varia('2026-11-24 08:00', '2025-07-02 08:00', (v) =>
    soloRips((r) => (agrega(r, 'urgencias', urgencia())['fechaInicioAtencion'] = v)),
  ),
  RVC039: varia('2025-07-02 07:59', '2025-07-02 08:00', (v) =>
    soloRips((r) => (agrega(r, 'urgencias', urgencia())['fechaEgreso'] = v)),
  ),
  RVC040: varia('2025-07-04 08:01', '2025-07-04 08:00', (v) =>
    soloRips((r) => (agrega(r, 'urgencias', urgencia())['fechaEgreso'] = v)),
  ),
  RVC041: varia('2025-07-02 13:59', '2025-07-02 14:00', (v) =>
    soloRips((r) => (agrega(r, 'hospitalizacion', hospitalizacion())['fechaEgreso'] = v)),
  ),
  RVC042: varia(null, 'I219', (v) =>
    soloRips((r) => {
      // died after the consulta of 2025-07-04 08:00 (no RVC053)
      const u = agrega(r, 'urgencias', urgencia());
      u['fechaInicioAtencion'] = '2025-07-04 09:00';
      u['fechaEgreso'] = '2025-07-04 10:00';
      u['condicionDestinoUsuarioEgreso'] = '02';
      u['codDiagnosticoCausaMuerte'] = v;
    }),
  ),
  RVC043: varia('2026-11-23 12:01', '2026-11-23 12:00', (v) =>
    soloRips((r) => {
      const h = agrega(r, 'hospitalizacion', hospitalizacion());
      h['fechaInicioAtencion'] = '2026-11-20 08:00';
      h['fechaEgreso'] = v;
    }),
  ),
  RVC080: varia('1985-03-14 23:59', '1985-03-15 00:00', (v) =>
    soloRips((r) => {
      // a discharge before the birth is also before the admission (RVC039 too)
      usuario1(r)['tipoDocumentoIdentificacion'] = 'RC';
      const u = agrega(r, 'urgencias', urgencia());
      u['fechaInicioAtencion'] = '1985-03-15 00:00';
      u['fechaEgreso'] = v;
    }),
  ),
  RVC081: varia('1985-03-14 23:59', '1985-03-15 00:00', (v) =>
    soloRips((r) => {
      usuario1(r)['tipoDocumentoIdentificacion'] = 'RC';
      const u = agrega(r, 'urgencias', urgencia());
      u['fechaInicioAtencion'] = v;
      u['fechaEgreso'] = '1985-03-15 10:00';
    }),
  ),
  RVC053: varia('2025-07-03 07:59', '2025-07-03 08:00', (v) =>
    soloRips((r) => {
      // died at `v`; the consulta is at 2025-07-04 08:00: more than 24 h later fails
      const u = agrega(r, 'urgencias', urgencia());
      u['condicionDestinoUsuarioEgreso'] = '02';
      u['codDiagnosticoCausaMuerte'] = 'I219';
      u['fechaEgreso'] = v;
    }),
  ),

  // RIPS: diagnoses
  RVC031: varia('U071', 'I219', (v) =>
    soloRips((r) => (agrega(r, 'urgencias', urgencia())['codDiagnosticoPrincipalE'] = v)),
  ),
  RVC032: varia('R509', 'I219', (v) =>
    soloRips((r) => (agrega(r, 'urgencias', urgencia())['codDiagnosticoPrincipalE'] = v)),
  ),
  RVC033: varia('Z000', 'I219', (v) =>
    soloRips((r) => (agrega(r, 'urgencias', urgencia())['codDiagnosticoPrincipalE'] = v)),
  ),
  RVC085: varia('J459', 'Z000', (v) =>
    soloRips((r) => {
      consulta1(r)['finalidadTecnologiaSalud'] = '11';
      consulta1(r)['codDiagnosticoPrincipal'] = v;
    }),
  ),
  RVC086: varia('J459', 'I10X', (v) => soloRips((r) => (consulta1(r)['codDiagnosticoRelacionado1'] = v))),
  RVC087: varia('I10X', 'E119', (v) =>
    soloRips((r) => {
      consulta1(r)['codDiagnosticoRelacionado1'] = 'I10X';
      consulta1(r)['codDiagnosticoRelacionado2'] = v;
    }),
  ),
  RVC088: varia('I219', 'I10X', (v) =>
    soloRips((r) => (agrega(r, 'urgencias', urgencia())['codDiagnosticoRelacionadoE1'] = v)),
  ),
  RVC089: varia('I10X', 'E119', (v) =>
    soloRips((r) => {
      const u = agrega(r, 'urgencias', urgencia());
      u['codDiagnosticoRelacionadoE1'] = 'I10X';
      u['codDiagnosticoRelacionadoE2'] = v;
    }),
  ),

  // RIPS: finalidad and CUPS against the user's sex
  RVC010: varia('M', 'F', (v) =>
    soloRips((r) => {
      consulta1(r)['finalidadTecnologiaSalud'] = '24';
      usuario1(r)['codSexo'] = v;
    }),
  ),
  // 890701 (consulta de urgencias, Ambito U) as in the real answers; 890201 (Ambito A) is not noted
  RVC019: varia('890701', '890201', (v) => soloRips((r) => (consulta1(r)['codConsulta'] = v))),
  RVC059: varia('890701', '890201', (v) => soloRips((r) => (consulta1(r)['codConsulta'] = v))),
  RVC016: varia('M', 'F', (v) =>
    soloRips((r) => {
      consulta1(r)['codConsulta'] = '890250'; // CUPSRips sex column F
      usuario1(r)['codSexo'] = v;
    }),
  ),

  // RIPS: recién nacidos
  RVC008: varia('1960-01-01', '1985-03-15', (v) =>
    soloRips((r) => {
      agrega(r, 'recienNacidos', recienNacido());
      usuario1(r)['fechaNacimiento'] = v; // 65 at the birth
    }),
  ),
  RVC009: varia('M', 'F', (v) =>
    soloRips((r) => {
      agrega(r, 'recienNacidos', recienNacido());
      usuario1(r)['codSexo'] = v;
    }),
  ),
  RVC045: varia('2026-11-23 12:01', '2026-11-23 12:00', (v) =>
    soloRips((r) => {
      const rn = agrega(r, 'recienNacidos', recienNacido());
      rn['fechaNacimiento'] = v;
      rn['fechaEgreso'] = '2026-11-23 12:00'; // before a birth in the future: RVC046 too
    }),
  ),
  RVC046: varia('2025-07-04 02:59', '2025-07-04 03:00', (v) =>
    soloRips((r) => (agrega(r, 'recienNacidos', recienNacido())['fechaEgreso'] = v)),
  ),
  RVC057: varia(19, 20, (v) =>
    soloRips((r) => (agrega(r, 'recienNacidos', recienNacido())['edadGestacional'] = v)),
  ),
  RVC058: varia(499, 500, (v) => soloRips((r) => (agrega(r, 'recienNacidos', recienNacido())['peso'] = v))),
  RVC097: varia(16, 15, (v) =>
    soloRips((r) => (agrega(r, 'recienNacidos', recienNacido())['numConsultasCPrenatal'] = v)),
  ),

  // RIPS: moderator payments and the régimen
  RVC035: varia('04', '01', (v) =>
    soloRips((r) => {
      consulta1(r)['conceptoRecaudo'] = '02';
      usuario1(r)['tipoUsuario'] = v;
    }),
  ),
  RVC037: varia('04', '01', (v) =>
    soloRips((r) => {
      consulta1(r)['conceptoRecaudo'] = '03';
      usuario1(r)['tipoUsuario'] = v;
    }),
  ),
  RVC060: varia(0, 1, (v) => soloRips((r) => (consulta1(r)['valorPagoModerador'] = v))),
  RVC061: varia(1, 0, (v) =>
    soloRips((r) => {
      consulta1(r)['conceptoRecaudo'] = '05';
      consulta1(r)['valorPagoModerador'] = v;
    }),
  ),
  RVC092: varia('04', '01', (v) => soloRips((r) => (consulta1(r)['conceptoRecaudo'] = v))),

  // RIPS: medicamentos and otros servicios
  RVC094: varia(2001, 2000, (v) =>
    soloRips((r) => (agrega(r, 'medicamentos', medicamento())['vrServicio'] = v)),
  ),
  RVG13: varia('2025-07-04 09:00', '2025-07-04 09:01', (v) =>
    soloRips((r) => {
      agrega(r, 'medicamentos', medicamento());
      agrega(r, 'medicamentos', { ...medicamento(), fechaDispensAdmon: v, consecutivo: 2 });
    }),
  ),
  RVC063: varia('000', '19943544-1', (v) =>
    soloRips((r) => (agrega(r, 'medicamentos', medicamento())['codTecnologiaSalud'] = v)),
  ),
  RVC065: varia(0, null, (v) =>
    soloRips((r) => (agrega(r, 'medicamentos', medicamento())['concentracionMedicamento'] = v)),
  ),
  RVC066: varia(null, 'Jeringa desechable 5 ml', (v) =>
    soloRips((r) => (agrega(r, 'otrosServicios', otroServicio())['nomTecnologiaSalud'] = v)),
  ),
  RVG10: varia('760010000101', `${COD_PRESTADOR.slice(0, 10)}02`, (v) =>
    soloRips((r) => {
      // a second consulta, another day: another provider fails, another sede of the same provider passes
      agrega(r, 'consultas', {
        ...consulta(),
        fechaInicioAtencion: '2025-07-05 08:00',
        codPrestador: v,
        consecutivo: 2,
      });
    }),
  ),
  RVC024: varia('AMB-BASICA', '601T01', (v) =>
    soloRips((r) =>
      Object.assign(agrega(r, 'otrosServicios', otroServicio()), { tipoOS: '02', codTecnologiaSalud: v }),
    ),
  ),
  RVC062: varia(false, true, (conConsulta) =>
    soloRips((r) => {
      // derived to another service: the user's consulta is that service; without it the egreso names nothing
      agrega(r, 'urgencias', urgencia())['condicionDestinoUsuarioEgreso'] = '03';
      if (!conConsulta) delete usuario1(r).servicios['consultas'];
    }),
  ),

  // RIPS: structure
  RVG01: varia('QUIZAS', 'NO', (v) => soloRips((r) => (usuario1(r)['incapacidad'] = v))),
  RVG05: varia('123', '1234', (v) => soloRips((r) => (usuario1(r)['numDocumentoIdentificacion'] = v))),
  RVG14: varia('999999', '890201', (v) => soloRips((r) => (consulta1(r)['codConsulta'] = v))),
  // a well-formed CIE-10 code missing from Radica's table: a notice, never a rejection
  TABLA_REFERENCIA: varia('A999', 'J459', (v) => soloRips((r) => (consulta1(r)['codDiagnosticoPrincipal'] = v))),
  // a Res. 2275/2023 file checked after the cut-over: a notice naming the new structure, checked as 2275
  ESTRUCTURA_RES948: {
    falla: () => ({ xml: null, rips: ripsBase(), options: V948 }),
    pasa: () => soloRips948(() => {}),
  },
  PROPIEDAD_NO_DEFINIDA: varia('numAutoriacion', 'numAutorizacion', (v) =>
    soloRips((r) => {
      const c = consulta1(r);
      delete c['numAutorizacion'];
      c[v] = null;
    }),
  ),
  // a key in another case than the norm's: read as the ministry reads it (case-insensitive), told as a notice
  PROPIEDAD_MAYUSCULAS: varia('Servicios', 'servicios', (v) =>
    soloRips((r) => {
      const u = usuario1(r) as Record<string, unknown>;
      const servicios = u['servicios'];
      delete u['servicios'];
      u[v] = servicios;
    }),
  ),
  // Res. 948/2026: a SOAT user (tipoUsuario 10) needs registroSIRAS.
  RVC095: varia(null, 'SIRAS-2026-000123', (v) =>
    soloRips948((r) => {
      usuario1(r)['tipoUsuario'] = '10';
      usuario1(r)['registroSIRAS'] = v;
    }),
  ),

  // Res. 948/2026, DT1 v003 as reported: the professional of a device (tipoOS 01); incapacidad coded 01/02
  RVC050: varia(null, 'CC', (v) =>
    soloRips948((r) => (agrega(r, 'otrosServicios', otroServicio())['tipoDocumentoIdentificacion'] = v)),
  ),
  RES948_V003: varia('NO', '02', (v) => soloRips948((r) => (usuario1(r)['incapacidad'] = v))),
  // one CIE-11 key left out of a 948 consulta (the others present): a notice, the key wanted with null
  LLAVE_AUSENTE: varia(true, false, (sinLlave) =>
    soloRips948((r) => {
      if (sinLlave) delete consulta1(r)['codDiagnosticoRelacionado1CIE11'];
    }),
  ),

  // The invoice (XML) alone
  RVG018: varia('2024-09-30', '2024-10-01', (v) => soloXml((f) => (f.inicio = v))),
  VFE003: varia('10', 'SS-CUFE', (v) => soloXml((f) => (f.customizationId = v))),
  // the AttachedDocument's ParentDocumentID still names the invoice, so the XML can be read without cbc:ID
  VFE005: varia('', FACTURA, (v) => soloXml((f) => (f.id = v))),
  VFE006: varia('', CUFE, (v) => soloXml((f) => (f.uuid = v))),
  VFE007: varia(CUFE.slice(0, 95), CUFE, (v) => soloXml((f) => (f.uuid = v))),
  VFE011: varia('13', '31', (v) => soloXml((f) => (f.tipoId = v))),
  VFE012: varia(null, '7', (v) => soloXml((f) => (f.dv = v))),
  VFE020: varia(null, '2025-07-01', (v) => soloXml((f) => (f.inicio = v))),
  VFE021: varia(null, '2025-07-09', (v) => soloXml((f) => (f.fin = v))),
  DND060: varia(null, facturaBase().salud, (v) => soloXml((f) => (f.salud = v))),
  DND104: varia(null, '01', (v) => soloXml((f) => (f.pagos[0]!.concepto = v))),
  DND105: varia(null, '5000.00', (v) => soloXml((f) => (f.pagos[0]!.valor = v))),
  DND114: varia('', '<cbc:TaxAmount currencyID="COP">0.00</cbc:TaxAmount>', (v) =>
    soloXml(
      (f) =>
        (f.impuestosLinea = `<cac:TaxTotal>${v}<cac:TaxSubtotal><cbc:TaxableAmount currencyID="COP">100000.00</cbc:TaxableAmount></cac:TaxSubtotal></cac:TaxTotal>`),
    ),
  ),
  DND116: varia('', '<cbc:TaxableAmount currencyID="COP">100000.00</cbc:TaxableAmount>', (v) =>
    soloXml(
      (f) =>
        (f.impuestosLinea = `<cac:TaxTotal><cbc:TaxAmount currencyID="COP">0.00</cbc:TaxAmount><cac:TaxSubtotal>${v}</cac:TaxSubtotal></cac:TaxTotal>`),
    ),
  ),
  FED129: varia('', 'CT-2025-001', (v) => soloXml((f) => (f.salud!.contrato = v))),
  FED131: varia('', 'POL-2025-001', (v) => soloXml((f) => (f.salud!.poliza = v))),

  // Radica's own codes: package types
  // a RIPS with tipoNota NC (and its numNota) sent with an invoice instead of the note
  TIPO_NOTA: varia('NC', null, (v) =>
    par((_f, r) => {
      r['tipoNota'] = v;
      r['numNota'] = 'NC100';
    }),
  ),
  // an adjustment note's RIPS (tipoNota NA, sent alone) names itself in numNota
  NUM_NOTA: varia(null, 'NA100', (v) =>
    soloRips((r) => {
      r['tipoNota'] = 'NA';
      r['numNota'] = v;
    }),
  ),
  NOTA_REFERENCIA: varia(null, FACTURA, (v) => soloNota((f) => (f.referencia = v))),
  // the XML side (the RIPS side is every valorPagoModerador of the note's RIPS)
  NOTA_PAGO_MODERADOR: varia([{ concepto: '01', valor: '5000.00' }], [], (v) =>
    soloNota((f) => (f.pagos = v)),
  ),

  // Radica's own codes: the engine
  // 201 findings of the structure group (causaMotivoAtencion "99", not in its table) are one over the cap of 200.
  LIMITE_HALLAZGOS: {
    ...varia('99', '38', (v) =>
      soloRips((r) => (usuario1(r).servicios['consultas'] = consultasDiarias('99', v))),
    ),
    enPasa: ['RVG01'], // the 200 findings, all shown
  },
  // An internal failure of a group of checks: the CUPS table given in the options cannot be read.
  ERROR_VALIDADOR: varia(true, false, (rota) => {
    const e = soloRips(() => {});
    const tablas = defaultReferenceTables();
    return {
      ...e,
      options: { ...e.options, tables: rota ? { ...tablas, cups: new CupsIlegible(tablas.cups) } : tablas },
    };
  }),
};

/**
 * Implemented codes without a case, on purpose, each with the reason. Keep it as short as possible: it is empty today
 * (ERROR_VALIDADOR, the one code no file can trigger, is reached through `options.tables`).
 */
const EXCLUIDOS: Readonly<Record<string, string>> = {};

// ---------------------------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------------------------

/** The findings of `e` through `checkDocuments` (the readers, then the one dispatch of the checks). */
function hallazgos(e: TEntrada): THallazgoLocal[] {
  return checkDocuments(
    e.xml === null ? null : parseFevXml(e.xml),
    e.rips === null ? null : parseRipsObject(e.rips),
    e.options,
  );
}

/** The findings of `e` read as files (engine.ts `checkFiles`, what an upload goes through). */
function hallazgosDeArchivos(e: TEntrada): THallazgoLocal[] {
  const r = checkFiles({ xml: e.xml, rips: e.rips === null ? null : JSON.stringify(e.rips) }, e.options);
  expect(r.error).toBeNull();
  return r.hallazgos;
}

const CLASE = { R: 'RECHAZADO', N: 'NOTIFICACION' } as const;
const IMPLEMENTADAS = REGLAS.filter((r) => r.estado === 'implementada');
const codigos = (h: THallazgoLocal[]) => [...new Set(h.map((x) => x.codigo))].sort();

describe('the clean bases give no finding at all', () => {
  it.each([
    ['the invoice and its RIPS', par(() => {})],
    ['the invoice alone', soloXml(() => {})],
    ['the credit note alone', soloNota(() => {})],
    ['the RIPS alone (Res. 2275/2023)', soloRips(() => {})],
    ['the RIPS alone (Res. 948/2026)', soloRips948(() => {})],
  ])('%s', (_name, entrada) => {
    expect(hallazgos(entrada)).toEqual([]);
    expect(hallazgosDeArchivos(entrada)).toEqual([]);
  });
});

describe('every implemented rule has a failing and a passing case', () => {
  it('the cases are exactly the implemented codes of the catalogue (less the listed exclusions)', () => {
    const implementadas = IMPLEMENTADAS.map((r) => r.codigo);
    const cubiertas = [...Object.keys(CASOS), ...Object.keys(EXCLUIDOS)];
    expect(
      implementadas.filter((c) => !cubiertas.includes(c)),
      'implemented codes without a case: add one to CASOS',
    ).toEqual([]);
    expect(
      cubiertas.filter((c) => !implementadas.includes(c)),
      'cases or exclusions of codes the catalogue does not mark implementada',
    ).toEqual([]);
    expect(
      Object.keys(EXCLUIDOS).filter((c) => c in CASOS),
      'excluded codes that have a case',
    ).toEqual([]);
  });

  it.each(Object.keys(CASOS).sort())('%s', (codigo) => {
    const caso = CASOS[codigo]!;
    const regla = IMPLEMENTADAS.find((r) => r.codigo === codigo);
    expect(regla, `${codigo} is not an implemented rule of the catalogue`).toBeDefined();
    const clase = caso.claseMotor ?? CLASE[regla!.clase];

    const falla = caso.falla();
    const encontrados = hallazgos(falla).filter((h) => h.codigo === codigo);
    expect(encontrados.length, `falla gives no ${codigo}`).toBeGreaterThan(0);
    for (const h of encontrados) expect(h.clase, `class of ${codigo}`).toBe(clase);
    // 'Ambos' (XML ↔ RIPS) rules report on either file; the others on the file the catalogue names.
    if (regla!.fuente !== 'Ambos')
      for (const h of encontrados) expect(h.fuente, `file of ${codigo}`).toBe(regla!.fuente);

    const pasa = caso.pasa();
    const enPasa = codigos(hallazgos(pasa));
    expect(enPasa, `pasa still gives ${codigo}`).not.toContain(codigo);
    // the fixed input is clean: the changed field was its only fault
    expect(
      enPasa.filter((c) => !(caso.enPasa ?? []).includes(c)),
      `pasa of ${codigo}`,
    ).toEqual([]);

    // The same findings through the file reader (checkFiles), when the options are a file's (no table object).
    if (falla.options.tables === undefined) {
      expect(hallazgosDeArchivos(falla)).toEqual(hallazgos(falla));
      expect(hallazgosDeArchivos(pasa)).toEqual(hallazgos(pasa));
    }
  });
});

/** The package types the engine takes (`TCheckOptions.paquete`): every upload endpoint it can send to. */
const ENDPOINTS_MOTOR = new Set<string>(
  MUV_CARGA_ENDPOINTS.map((e) => e.name).filter((n) => n !== 'CargarNCAcuerdoVoluntades'),
);

describe('classes by package type (docs/decisions/049)', () => {
  const conPaquete = IMPLEMENTADAS.filter((r) => r.porPaquete);

  it('the catalogue gives RVC086–RVC089 a class of their own on notes', () => {
    expect(conPaquete.map((r) => r.codigo)).toEqual(expect.arrayContaining(['RVC086', 'RVC087', 'RVC088', 'RVC089']));
  });

  it('only codes of the RIPS rules carry a class per package (the group that applies it as it emits)', () => {
    for (const r of REGLAS.filter((x) => x.porPaquete)) expect(Object.keys(RIPS_RULES), r.codigo).toContain(r.codigo);
  });

  // every (code, package type, class) of the catalogue, through the code's failing case with the type given
  const filas = conPaquete.flatMap((r) =>
    r.porPaquete!.flatMap((p) =>
      p.paquetes.filter((paquete) => ENDPOINTS_MOTOR.has(paquete)).map((paquete) => [r.codigo, paquete, p.clase] as const),
    ),
  );
  it.each(filas)('%s in %s is %s', (codigo, paquete, clase) => {
    const falla = CASOS[codigo]!.falla();
    const encontrados = hallazgos({ ...falla, options: { ...falla.options, paquete: paquete as TCheckOptions['paquete'] } })
      .filter((h) => h.codigo === codigo);
    expect(encontrados.length, `falla gives no ${codigo}`).toBeGreaterThan(0);
    for (const h of encontrados) expect(h.clase).toBe(CLASE[clase]);
  });

  /** RVC086's failing RIPS with the header `tipoNota` / `numNota`, checked alone (the type is taken from the file). */
  const rvc086 = (tipoNota: string | null, numNota: string | null) => {
    const e = CASOS['RVC086']!.falla();
    e.rips!['tipoNota'] = tipoNota;
    e.rips!['numNota'] = numNota;
    return [...hallazgos(e), ...hallazgosDeArchivos(e)].filter((h) => h.codigo === 'RVC086').map((h) => h.clase);
  };

  it('a RIPS alone takes the class of the type its tipoNota names', () => {
    expect(rvc086(null, null)).toEqual(['NOTIFICACION', 'NOTIFICACION']);
    expect(rvc086('NC', 'NC100')).toEqual(['RECHAZADO', 'RECHAZADO']);
    expect(rvc086('ND', 'ND100')).toEqual(['RECHAZADO', 'RECHAZADO']);
    expect(rvc086('NA', 'NA100')).toEqual(['RECHAZADO', 'RECHAZADO']);
    // no source for a RIPS sin factura: at most a notice (decision 025)
    expect(rvc086('RS', '1')).toEqual(['NOTIFICACION', 'NOTIFICACION']);
  });

  it('a credit note XML with its RIPS takes the note classes; the invoice pair keeps the notice', () => {
    const nota = notaBase();
    const rips = ripsBase();
    rips['tipoNota'] = 'NC';
    rips['numNota'] = nota.id;
    consulta1(rips)['codDiagnosticoRelacionado1'] = 'J459';
    const enNota = hallazgos({ xml: facturaXml(nota), rips, options: V2275 });
    expect(enNota.filter((h) => h.codigo === 'RVC086').map((h) => h.clase)).toEqual(['RECHAZADO']);
    const factura = ripsBase();
    consulta1(factura)['codDiagnosticoRelacionado1'] = 'J459';
    const enFactura = hallazgos({ xml: facturaXml(facturaBase()), rips: factura, options: V2275 });
    expect(enFactura.filter((h) => h.codigo === 'RVC086').map((h) => h.clase)).toEqual(['NOTIFICACION']);
    // the caller's type wins over the files' (a note's RIPS built by Radica before its XML exists)
    const forzado = hallazgos({ xml: null, rips: factura, options: { ...V2275, paquete: 'CargarNC' } });
    expect(forzado.filter((h) => h.codigo === 'RVC086').map((h) => h.clase)).toEqual(['RECHAZADO']);
  });

  it('on a credit note every kept RVC086 of a big file is RECHAZADO', () => {
    // 201 consultas whose related diagnosis repeats the principal: 200 kept, all RECHAZADO on a credit note
    const rips = ripsBase();
    rips['tipoNota'] = 'NC';
    rips['numNota'] = 'NC100';
    usuario1(rips).servicios['consultas'] = consultasDiarias('38', '38').map((c) => ({ ...c, codDiagnosticoRelacionado1: 'J459' }));
    const h = hallazgos({ xml: null, rips, options: V2275 });
    const rvc086 = h.filter((x) => x.codigo === 'RVC086');
    expect(rvc086).toHaveLength(200);
    expect(rvc086.every((x) => x.clase === 'RECHAZADO')).toBe(true);
  });
});
