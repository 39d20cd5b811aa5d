/**
 * The catalogue of FEV-RIPS validation rules: one entry per code that the ministry's validator (MUV) or
 * Radica's pre-validator (packages/fevrips) can report. Each entry gives the rule's class, the file it reads, what it
 * checks and where, where the rule comes from, whether Radica decides it locally, and what it means for a billing
 * clerk and how to fix it, in plain Spanish. This is the one source for the errors panel, the finding detail, the CLI
 * and the chat's articles.
 *
 * Sources: shared/notes/fevrips-reference.md §3.2 (verbatim texts of real MUV responses), §3.3–§3.4 (DT1 v002 through
 * third-party transcriptions), §3.5–§3.6 (DT2 v001 §11, also third-party), §7 (release notes); the `implementada`
 * entries describe what packages/fevrips/src emits today (reglas.test.ts keeps the two in step). Data only: no Node
 * imports, no zod, so the API, the pre-validator and the web app can all import it.
 */

import type { TMuvEndpoint } from './muv.ts';

/**
 * - `implementada`: Radica's pre-validator emits this code today.
 * - `ministerio`: only the ministry can decide it (BDUA, MIPRES, RETHUS, RUAF-ND, the DIAN's CUFE registry, its own
 *   CUVs and packages, its registries of entities).
 * - `pendiente`: decidable from the XML, the RIPS and the reference tables, but not implemented yet.
 */
export type TEstadoRegla = 'implementada' | 'ministerio' | 'pendiente';

/**
 * The upload endpoints of a note (MUV_CARGA_ENDPOINTS): credit notes (partial, total, capitation, by agreement), debit
 * notes and adjustment notes. The classes the ministry gives a note's RIPS may differ from the invoice's (RVC086).
 */
export const PAQUETES_NOTA = [
  'CargarNC',
  'CargarNCTotal',
  'CargarND',
  'CargarNotaAjuste',
  'CargarNcCapita',
  'CargarNCAcuerdoVoluntades',
] as const satisfies readonly TMuvEndpoint[];

/**
 * The package type of a RIPS alone, by its `tipoNota` (as packages/fevrips `muvEndpointFor` decides it without an XML):
 * NC → CargarNC, ND → CargarND, NA → CargarNotaAjuste, RS → CargarRipsSinFactura, anything else (null, "") →
 * CargarFevRips. For the screens that show a RIPS without its document (the RIPS editor).
 */
export function paqueteDeTipoNota(tipoNota: unknown): TMuvEndpoint {
  if (tipoNota === 'NC') return 'CargarNC';
  if (tipoNota === 'ND') return 'CargarND';
  if (tipoNota === 'NA') return 'CargarNotaAjuste';
  if (tipoNota === 'RS') return 'CargarRipsSinFactura';
  return 'CargarFevRips';
}

/**
 * A rule's class in some package types (docs/decisions/049): the ministry can give one code a different class by the
 * endpoint the package goes to (RVC086: a notice on an invoice, a rejection on a credit note). Each entry names its
 * source and date; the texts, when given, replace the entry's for those packages (what the clerk reads must match the
 * class). The rule of docs/decisions/025 holds per package: a class no published text or real answer establishes for
 * that package is at most N.
 */
export type TClasePaquete = {
  /** The `Cargar*` endpoints (package types) this class applies to. */
  paquetes: readonly TMuvEndpoint[];
  clase: 'R' | 'N';
  /** Where the class comes from for these packages, with its date. */
  origen: string;
  significado?: string;
  comoCorregir?: string;
};

/**
 * One rule. `ubicacion` notation: `[]` any index, `{a,b}` either list or field, `*` any service list, `A ↔ B` the rule
 * compares A (RIPS) with B (XML); XML paths start at the `Invoice` (or the note) inside the AttachedDocument.
 */
export type TRegla = {
  /** As the MUV or the pre-validator writes it: 'RVC001', 'RVG05', 'FED129', 'LIMITE_HALLAZGOS'… */
  codigo: string;
  /** R = rechazo (RECHAZADO, blocks the CUV), N = notificación (informative). */
  clase: 'R' | 'N';
  /** The file the rule reads; 'Ambos' when it compares the RIPS with the XML. */
  fuente: 'Rips' | 'FacturaElectronica' | 'Ambos';
  /** What the rule checks, one sentence. */
  descripcion: string;
  /** JSON path pattern or XML element; '' when it does not apply to one place. */
  ubicacion: string;
  /** Where the rule comes from. */
  origen: string;
  estado: TEstadoRegla;
  /** What it means for a billing clerk. */
  significado: string;
  /** How to fix it: which field to look at, typical cause, what to change. */
  comoCorregir: string;
  /** Why a 'ministerio' rule can't be decided locally, or what a 'pendiente' one needs (table, data). Optional. */
  nota?: string;
  /**
   * The class (and texts) in particular package types, when they differ from `clase` or need their own source; a
   * package type not listed has `clase`. See {@link reglaDe} with a package type.
   */
  porPaquete?: readonly TClasePaquete[];
};

const DT1 = 'DT1 v002 pp. 108–129 (auditoría de terceros)';
const DT1_API =
  'DT1 v002 (texto corto de una documentación de API de terceros; grupo según la auditoría de terceros de pp. 108–129)';
const DT2 = 'DT2 v001 §11 (resumen de terceros)';
const NOTAS_V41 = 'Notas de versión v4.1 del validador del Ministerio (repositorio de terceros)';
const RADICA = 'Radica';

const SERVICIOS = 'usuarios[].servicios';
const CUPS_CAMPOS = `${SERVICIOS}.consultas[].codConsulta, ${SERVICIOS}.procedimientos[].codProcedimiento`;
const CON_VALOR = `${SERVICIOS}.{consultas,procedimientos,medicamentos,otrosServicios}[]`;
const ESTANCIAS = `${SERVICIOS}.{urgencias,hospitalizacion}[]`;
const FECHAS_ATENCION = `${SERVICIOS}.{consultas,procedimientos}[].fechaInicioAtencion, ${SERVICIOS}.medicamentos[].fechaDispensAdmon, ${SERVICIOS}.otrosServicios[].fechaSuministroTecnologia`;
const SALUD = 'CustomTagGeneral/Interoperabilidad/Group/Collection/AdditionalInformation';
const COBERTURA = `${SALUD}[Name="COBERTURA_PLAN_BENEFICIOS"]/Value/@schemeID`;
const PERIODO = 'Invoice/cac:InvoicePeriod';
const NIT_EMISOR = 'Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID';

/** RVC015, 020–023, 026, 027, 082, 083, 090, 096: the audit only places them among the CUPSRips rules. */
const GRUPO_CUPS = {
  clase: 'N',
  fuente: 'Rips',
  descripcion:
    'El código CUPS del servicio se valida contra una de las condiciones de la tabla de referencia CUPSRips (uso, sexo, ámbito, cantidades, diagnóstico requerido o cobertura).',
  ubicacion: CUPS_CAMPOS,
  origen: DT1,
  estado: 'pendiente',
  significado:
    'El código CUPS informado no cumple alguna de las condiciones que la tabla CUPSRips fija para ese código, por ejemplo el tipo de servicio, el sexo o la edad del paciente.',
  comoCorregir:
    'Revisa codConsulta o codProcedimiento y lee las Observaciones del hallazgo, que nombran la tabla y el dato revisado ("Verificar tabla de referencia…"). Confirma en la tabla CUPSRips de SISPRO que el código aplica a ese servicio y a ese paciente.',
  nota: 'Descripción no transcrita en la fuente consultada: la auditoría solo ubica este código entre las reglas que usan la tabla CUPSRips; nivel no indicado, se asume N. Necesita las columnas de condiciones de CUPSRips (ámbito, cantidades, diagnóstico requerido, cobertura), que Radica aún no carga.',
} as const satisfies Omit<TRegla, 'codigo'>;

/** RVC028–030: the audit groups them as "CIE (sexo/edad/CUPS)" without telling which is which. */
const GRUPO_CIE = {
  clase: 'N',
  fuente: 'Rips',
  descripcion:
    'El diagnóstico (CIE-10) se valida contra la tabla CIE10 según el sexo o la edad del usuario o el CUPS informado.',
  ubicacion: `${SERVICIOS}.*[].codDiagnosticoPrincipal`,
  origen: DT1,
  estado: 'pendiente',
  significado:
    'El diagnóstico no parece corresponder con el sexo o la edad del paciente, o con el servicio que se prestó.',
  comoCorregir:
    'Revisa el código de diagnóstico (codDiagnosticoPrincipal y relacionados) y los datos del usuario (codSexo, fechaNacimiento). Suele pasar con diagnósticos propios de un sexo o una edad (embarazo, próstata, perinatales) mal escogidos, o con datos del paciente mal registrados.',
  nota: 'Descripción no transcrita: la auditoría agrupa RVC028–RVC030 como "CIE (sexo/edad/CUPS)" sin separar qué verifica cada código; nivel no indicado, se asume N. Necesita las columnas de sexo y edad de la tabla CIE10 de SISPRO; Radica hoy solo carga los códigos.',
} as const satisfies Omit<TRegla, 'codigo'>;

/** RVC025, 048, 049: the audit only places them among the rules that query MIPRES. */
const GRUPO_MIPRES = {
  clase: 'N',
  fuente: 'Rips',
  descripcion:
    'El número de prescripción MIPRES informado en el servicio se valida contra el registro MIPRES del Ministerio.',
  ubicacion: `${SERVICIOS}.{procedimientos,medicamentos,otrosServicios}[].idMIPRES`,
  origen: DT1,
  estado: 'ministerio',
  significado:
    'El Ministerio cruza el servicio con las prescripciones registradas en MIPRES (tecnologías no financiadas con la UPC) y encontró una diferencia.',
  comoCorregir:
    'Revisa que idMIPRES tenga el número de la prescripción de MIPRES completo y correcto, y que la tecnología entregada sea la prescrita. Suele pasar con números incompletos o copiados de otra prescripción.',
  nota: 'Descripción no transcrita: la auditoría solo ubica este código entre las reglas que consultan MIPRES; nivel no indicado, se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Solo el Ministerio puede consultar MIPRES.',
} as const satisfies Omit<TRegla, 'codigo'>;

/** RVC052, RVC067–078: the audit describes them together (finalidad ⇒ causa materno perinatal / PyM). */
const GRUPO_MATERNO = {
  clase: 'N',
  fuente: 'Rips',
  descripcion:
    'Con finalidades materno perinatales o de promoción y mantenimiento, la causa que motiva la atención debe ser de atención materno perinatal o de promoción y mantenimiento.',
  ubicacion: `${SERVICIOS}.{consultas,procedimientos}[].causaMotivoAtencion`,
  origen: DT1,
  estado: 'pendiente',
  significado:
    'Se informó una finalidad materno perinatal (por ejemplo cuidado prenatal, parto, seguimiento del recién nacido) o de promoción y mantenimiento con una causa de atención que no corresponde.',
  comoCorregir:
    'Revisa causaMotivoAtencion junto con finalidadTecnologiaSalud: con esas finalidades la causa suele ser 42 (atención de población materno perinatal) o 40 (promoción y mantenimiento). Suele pasar cuando el software pone 38 (enfermedad general) por defecto. Es solo un aviso.',
  nota: 'La auditoría agrupa RVC052 y RVC067–RVC078 sin separar qué finalidad verifica cada código: el texto es el del grupo, no confirmado por código. Se puede decidir con el RIPS una vez se tenga el mapa finalidad → causas permitidas del DT1 v002.',
} as const satisfies Omit<TRegla, 'codigo'>;

const NOTA_SIN_TEXTO =
  'Código sin descripción en la fuente consultada (ni en la auditoría del DT1 v002 ni en respuestas reales): el texto es una lectura prudente de su posición y el nivel no se conoce: se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). No se sabe si se puede decidir localmente.';

export const REGLAS: readonly TRegla[] = [
  // ── RIPS: validaciones por campo (RVC) ──────────────────────────────────────────────────────────────────────────
  {
    codigo: 'RVC001',
    clase: 'R',
    fuente: 'Ambos',
    descripcion:
      'El NIT del facturador en el RIPS (numDocumentoIdObligado) debe ser el mismo NIT del emisor de la factura electrónica.',
    ubicacion: `numDocumentoIdObligado ↔ ${NIT_EMISOR}`,
    origen: DT1_API,
    estado: 'implementada',
    significado:
      'El NIT de quien factura no coincide entre el RIPS y la factura electrónica; con esa diferencia el Ministerio rechaza el paquete.',
    comoCorregir:
      'Revisa numDocumentoIdObligado en el RIPS: es el NIT del prestador sin dígito de verificación, igual al de la factura. Suele pasar cuando se incluye el dígito de verificación o el RIPS se generó con el NIT de otra empresa.',
    nota: 'Se mantiene R (decisión 025): una documentación de API de terceros que describe el servicio real lo da como requisito para aceptar el paquete ("El NIT en RIPS debe coincidir con el NIT de la factura electrónica", referencia §1.4), y el lado de la factura (PFP001, VFE011) es rechazo en el DT2.',
  },
  {
    codigo: 'RVC002',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El código del prestador debe existir en las tablas de prestadores del Ministerio (IPSCodHabilitación, IPSnoREPS o EntidadesnoREPS).',
    ubicacion: `${SERVICIOS}.*[].codPrestador`,
    origen: DT1,
    estado: 'pendiente',
    significado:
      'El código de prestador informado no aparece entre los prestadores registrados para reportar servicios de salud.',
    comoCorregir:
      'Revisa codPrestador en cada servicio: son 12 dígitos, el código de habilitación REPS (10) más la sede (2). Suele pasar con una sede mal escrita o con el código de otra institución.',
    nota: 'Descripción no transcrita: la auditoría solo ubica RVC002 en el grupo REPS; nivel no indicado, se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Necesita las tablas de prestadores de SISPRO (IPSCodHabilitación, IPSnoREPS, EntidadesnoREPS), que Radica aún no incluye.',
  },
  {
    codigo: 'RVC003',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Validación por campo del DT1 v002 cuyo texto no se conoce; está entre las reglas que identifican al facturador y a la factura (RVC001–RVC004).',
    ubicacion: '',
    origen: DT1,
    estado: 'pendiente',
    significado:
      'Radica aún no tiene la descripción oficial de este código. Si el Ministerio lo devuelve, la ruta del campo y las Observaciones del hallazgo dicen qué dato revisar.',
    comoCorregir:
      'Abre el campo que indica la ruta del hallazgo y compáralo con la factura electrónica (NIT, número de factura, código del prestador). Si no es claro, revisa la respuesta completa del Ministerio.',
    nota: NOTA_SIN_TEXTO,
  },
  {
    codigo: 'RVC004',
    clase: 'R',
    fuente: 'Ambos',
    descripcion:
      'El número de factura del RIPS (numFactura) debe ser el número de la factura electrónica; en notas, numNota debe ser el número de la nota y numFactura el de la factura que la nota referencia.',
    ubicacion:
      'numFactura, numNota ↔ Invoice/cbc:ID, cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID',
    origen: DT1,
    estado: 'implementada',
    significado:
      'El RIPS y la factura electrónica no hablan del mismo documento: el número no coincide y el Ministerio rechaza el paquete.',
    comoCorregir:
      'Revisa numFactura en el RIPS: es el prefijo más el consecutivo, sin guiones ni espacios, igual que en la factura (por ejemplo A01E5687). Suele pasar cuando se carga el RIPS de otra factura; en notas crédito o débito revisa también numNota.',
    nota: 'Texto oficial no transcrito; la descripción es de Radica. El lado de la factura de la misma condición es PFP001. Para notas, la regla sigue una fuente de terceros.',
  },
  {
    codigo: 'RVC005',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'El tipo de usuario del RIPS (tipoUsuario) debe ser coherente con la cobertura o plan de beneficios informado en la factura electrónica.',
    ubicacion: `usuarios[].tipoUsuario ↔ ${COBERTURA}`,
    origen: DT1,
    estado: 'pendiente',
    significado:
      'El tipo de usuario de un paciente no corresponde con la cobertura o plan de beneficios que declara la factura.',
    comoCorregir:
      'Revisa tipoUsuario de cada usuario (01–13) y la cobertura (COBERTURA_PLAN_BENEFICIOS) de la factura. Suele pasar cuando el tipo de usuario se toma de la afiliación del paciente y no del plan que paga esta atención (por ejemplo SOAT, ARL o particular).',
    nota: 'Nivel no indicado en la fuente; se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Se puede decidir con los dos archivos, pero falta la correspondencia oficial entre tipos de usuario y coberturas, que no está transcrita.',
  },
  {
    codigo: 'RVC006',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de nacimiento del usuario no puede ser posterior a la fecha de validación.',
    ubicacion: 'usuarios[].fechaNacimiento',
    origen: DT1,
    estado: 'implementada',
    significado: 'La fecha de nacimiento del paciente está en el futuro.',
    comoCorregir:
      'Revisa fechaNacimiento del usuario (formato AAAA-MM-DD). Suele pasar por un año mal digitado o por invertir el día y el mes.',
  },
  {
    codigo: 'RVC007',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'El tipo de documento del usuario debe ser coherente con su edad (registro civil o certificado de nacido vivo en menores de 7 años, tarjeta de identidad de 7 a 17, cédula desde los 18), con un año de tolerancia.',
    ubicacion: 'usuarios[].tipoDocumentoIdentificacion',
    origen: DT1,
    estado: 'implementada',
    significado:
      'El tipo de documento no corresponde con la edad del paciente, por ejemplo una cédula para un niño de 10 años.',
    comoCorregir:
      'Revisa tipoDocumentoIdentificacion y fechaNacimiento del usuario. Suele pasar cuando el paciente cambió de documento (de TI a CC) y en el sistema quedó el anterior, o cuando la fecha de nacimiento está mal digitada.',
    nota: 'La auditoría da R y la tolerancia ("edad coherente con el tipo de documento, tolerancia 1 año − 1 día"); las bandas de edad son las de la Registraduría (registro civil hasta los 7 años, tarjeta de identidad de 7 a 17, cédula desde los 18), medidas en la fecha del primer servicio, con un año de tolerancia. Se mantiene R (decisión 025).',
  },
  {
    codigo: 'RVC008',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Si se informa un recién nacido, la usuaria (madre) debe tener entre 9 y 60 años en la fecha del nacimiento.',
    ubicacion: `usuarios[].fechaNacimiento, ${SERVICIOS}.recienNacidos[].fechaNacimiento`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Se reportó un recién nacido bajo un usuario cuya edad no es posible para una madre; a menudo el registro quedó bajo el bebé u otro familiar.',
    comoCorregir:
      'Revisa que el recién nacido esté informado dentro de los servicios de la madre, y revisa la fecha de nacimiento de la madre y la del recién nacido.',
  },
  {
    codigo: 'RVC009',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Si se informa un recién nacido, el sexo de la usuaria (madre) debería ser femenino.',
    ubicacion: 'usuarios[].codSexo',
    origen: DT1,
    estado: 'implementada',
    significado:
      'El recién nacido quedó reportado bajo un usuario que no figura con sexo femenino. Es un aviso; no impide obtener el CUV.',
    comoCorregir:
      'Revisa codSexo de la usuaria (M, F o I) y que el recién nacido esté informado dentro de los servicios de la madre.',
  },
  {
    codigo: 'RVC010',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'La finalidad interrupción voluntaria del embarazo (finalidadTecnologiaSalud 24) corresponde a usuarias de sexo femenino.',
    ubicacion: `${SERVICIOS}.{consultas,procedimientos}[].finalidadTecnologiaSalud`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Una consulta o un procedimiento con finalidad 24 (interrupción voluntaria del embarazo) está a nombre de un usuario de sexo masculino. Es un aviso.',
    comoCorregir:
      'Revisa finalidadTecnologiaSalud del servicio y codSexo del usuario. Suele pasar por escoger una finalidad equivocada de la lista o por un sexo mal registrado en la admisión.',
  },
  {
    codigo: 'RVC011',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'El código del facturador electrónico debe estar en tabla IPSCodHabilitación o IPSnoREPS',
    ubicacion: `${SERVICIOS}.*[].codPrestador`,
    origen: DT1_API,
    estado: 'pendiente',
    significado:
      'El código de prestador con que se reporta no está en el registro de prestadores habilitados ni en el de prestadores no inscritos en REPS.',
    comoCorregir:
      'Revisa codPrestador (10 dígitos de habilitación más 2 de sede) contra la constancia de habilitación en REPS. Suele pasar cuando la sede no está habilitada o el código se digitó mal.',
    nota: 'Nivel no indicado en la fuente; se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Necesita las tablas IPSCodHabilitación e IPSnoREPS de SISPRO, que Radica aún no incluye.',
  },
  {
    codigo: 'RVC012',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'El código del prestador de servicios de salud o del obligado a reportar debe estar relacionado con el numDocumentoIdObligado.',
    ubicacion: `${SERVICIOS}.*[].codPrestador ↔ numDocumentoIdObligado (tabla REPS de prestadores)`,
    origen: 'Respuesta real del MUV, 2025 (pegada en código de terceros); texto corto de una documentación de API de terceros',
    estado: 'implementada',
    significado: 'El código de prestador de un servicio pertenece, según el REPS, a un prestador con otro NIT distinto del que reporta el RIPS. Con esa diferencia el Ministerio rechaza el paquete.',
    comoCorregir: 'Revisa codPrestador en los servicios (10 dígitos de habilitación más 2 de sede) y numDocumentoIdObligado: el código debe ser de una sede de su propio NIT en el REPS. Suele pasar cuando el RIPS se generó con el código de otra institución o con el NIT equivocado. Las Observaciones traen el código y el NIT revisados.',
    nota: 'Texto, clase y Observaciones de una respuesta real del MUV ("Verificar tablas de referencia, datos (Código Prestador:682760166601 - Nit: 900330752)"). Radica lo decide con su tabla de prestadores REPS (importada o semilla regional): si el código no está en esa tabla, o está sin NIT, no dice nada. La comparación con el CODIGO_PRESTADOR de la factura, que antes llevaba este código, es ahora PRESTADOR_FACTURA (notificación).',
  },
  {
    codigo: 'RVC013',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de la atención no puede ser posterior a la fecha de validación.',
    ubicacion: FECHAS_ATENCION,
    origen: DT1,
    estado: 'implementada',
    significado: 'Hay una atención con fecha u hora en el futuro.',
    comoCorregir:
      'Revisa la fecha y hora del servicio (formato AAAA-MM-DD HH:mm, hora de Colombia). Suele pasar por un año mal digitado o por generar el RIPS antes de que la atención ocurra.',
  },
  {
    codigo: 'RVC014',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'La fecha de la atención debe estar dentro del periodo de facturación de la factura electrónica (InvoicePeriod).',
    ubicacion: `${SERVICIOS}.*[].{fechaInicioAtencion,fechaDispensAdmon,fechaSuministroTecnologia} ↔ ${PERIODO}`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Hay un servicio con fecha fuera del periodo que cubre la factura.',
    comoCorregir:
      'Compara la fecha del servicio con StartDate y EndDate del periodo de facturación de la factura. Suele pasar cuando se incluye una atención de otro mes o cuando el periodo quedó mal configurado en el software de facturación.',
    nota: 'Nivel no establecido por el texto publicado ni por una respuesta real: a lo sumo NOTIFICACION (decisión 025). Radica no la aplica a facturas de capitación (MODALIDAD_PAGO 03), que llevan los RIPS del periodo anterior.',
  },
  { codigo: 'RVC015', ...GRUPO_CUPS },
  {
    codigo: 'RVC016',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El código CUPS de la consulta o el procedimiento está definido para un sexo distinto al del usuario (columna Sexo de CUPSRips).',
    ubicacion: CUPS_CAMPOS,
    origen: DT1,
    estado: 'implementada',
    significado:
      'La consulta o el procedimiento es propio de un sexo y el paciente figura con el otro. Es un aviso.',
    comoCorregir:
      'Revisa codSexo del usuario y el código CUPS (codConsulta o codProcedimiento). Suele pasar por un sexo mal registrado en la admisión o por escoger un CUPS parecido pero equivocado.',
    nota: 'La auditoría solo ubica RVC016 entre las reglas que usan CUPSRips; que sea la regla de sexo es una asignación de Radica, no confirmada. Nivel no indicado; Radica la reporta como notificación.',
  },
  {
    codigo: 'RVC017',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'El código de CUPS puede ser validado que corresponda a la cobertura o plan de beneficios informada en la factura electrónica de venta.',
    ubicacion: `${CUPS_CAMPOS} ↔ ${COBERTURA}`,
    origen: 'Respuesta real del MUV, 2025 (CargarFevRips y CargarRipsSinFactura)',
    estado: 'implementada',
    significado:
      'Es un aviso: el Ministerio indica que el CUPS puede no estar cubierto por el plan de beneficios que declara la factura. No impide obtener el CUV.',
    comoCorregir:
      'Revisa que el código CUPS sea el correcto y que la cobertura (COBERTURA_PLAN_BENEFICIOS) de la factura sea la del plan que paga esta atención. Las Observaciones traen el código revisado, por ejemplo "Verificar tabla de referencia Dato (890201)".',
    nota: 'Texto y clase de respuestas reales del MUV (2025): 890701 y 890702 con factura, y 890201 en un RIPS sin factura, todos con Cobertura 01 en CUPSRips. Supuesto de Radica: la columna Cobertura (Extra_IX) de CUPSRips usa los códigos de COBERTURA_PLAN_BENEFICIOS de la factura; avisa cuando la columna trae un valor distinto de la cobertura de la factura, o cuando el RIPS es sin factura (RS) y no hay cobertura con qué comparar. Nunca es rechazo.',
  },
  {
    codigo: 'RVC018',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'El mismo código CUPS no debería repetirse para el mismo usuario en la misma fecha.',
    ubicacion: CUPS_CAMPOS,
    origen: DT1,
    estado: 'implementada',
    significado:
      'La misma consulta o el mismo procedimiento aparece dos veces el mismo día para el mismo paciente; puede ser un registro duplicado.',
    comoCorregir:
      'Revisa si el servicio se registró dos veces y quita el repetido. Si de verdad se prestó dos veces ese día, puedes dejarlo: es solo un aviso.',
  },
  {
    codigo: 'RVC019',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'El código de CUPS se puede validar con el diagnóstico principal.',
    ubicacion: `${CUPS_CAMPOS}, ${SERVICIOS}.{consultas,procedimientos}[].codDiagnosticoPrincipal`,
    origen: 'Respuesta real del MUV, 2025',
    estado: 'implementada',
    significado:
      'Es un aviso: el diagnóstico principal no parece corresponder con la consulta o el procedimiento informado.',
    comoCorregir:
      'Revisa codDiagnosticoPrincipal y el código CUPS del servicio: el diagnóstico debe ser el que motivó ese servicio. Suele pasar al copiar el mismo diagnóstico en todos los servicios del paciente.',
    nota: 'Texto y clase de respuestas reales del MUV (2025) en consultas 890701 y 890702, cuya columna DxRequerido es N (esa columna sola no lo explica). La tabla del Ministerio que cruza CUPS con diagnósticos no es pública; supuesto de Radica: avisa los CUPS con Ambito U (urgencias) en CUPSRips, el rasgo que comparten los casos reales. Nunca es rechazo.',
  },
  { codigo: 'RVC020', ...GRUPO_CUPS },
  { codigo: 'RVC021', ...GRUPO_CUPS },
  { codigo: 'RVC022', ...GRUPO_CUPS },
  { codigo: 'RVC023', ...GRUPO_CUPS },
  {
    codigo: 'RVC024',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El código de un traslado, transporte o estancia informado en otros servicios debe ser un CUPS válido.',
    ubicacion: `${SERVICIOS}.otrosServicios[].codTecnologiaSalud`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El código del traslado, el transporte o la estancia no está en la lista de códigos CUPS.',
    comoCorregir:
      'Revisa codTecnologiaSalud en otros servicios con tipoOS 02 (traslados) o 03 (estancias): debe ser un código CUPS vigente, no un código interno de la institución.',
    nota: 'La auditoría de terceros la describe así (campo S06 del DT1 v002); nivel no indicado, se asume N. Radica la aplica a tipoOS 02 (traslados) y 03 (estancias) con la tabla CUPSRips que ya carga.',
  },
  { codigo: 'RVC025', ...GRUPO_MIPRES },
  { codigo: 'RVC026', ...GRUPO_CUPS },
  { codigo: 'RVC027', ...GRUPO_CUPS },
  { codigo: 'RVC028', ...GRUPO_CIE },
  { codigo: 'RVC029', ...GRUPO_CIE },
  { codigo: 'RVC030', ...GRUPO_CIE },
  {
    codigo: 'RVC031',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El diagnóstico de egreso, de complicación o de causa de muerte debería estar entre A00–Q99 o S00–T98.',
    ubicacion: `${SERVICIOS}.*[].{codDiagnosticoPrincipalE,codComplicacion,codDiagnosticoCausaMuerte}`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Un diagnóstico de egreso, complicación o causa de muerte es un código de causa externa (V–Y) o especial (U), que no describe la enfermedad o la lesión. Es un aviso.',
    comoCorregir:
      'Informa como diagnóstico la enfermedad o la lesión (capítulos A–Q o S–T); la causa externa se informa en causaMotivoAtencion.',
    nota: 'La fuente habla también del diagnóstico principal; Radica la aplica solo a egreso, complicación y causa de muerte, porque el diagnóstico principal de una consulta puede ser legítimamente un código R o Z.',
  },
  {
    codigo: 'RVC032',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El diagnóstico de egreso, de complicación o de causa de muerte no debería ser un síntoma o signo (R00–R99).',
    ubicacion: `${SERVICIOS}.*[].{codDiagnosticoPrincipalE,codComplicacion,codDiagnosticoCausaMuerte}`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Se informó un síntoma o signo (código R) como diagnóstico de egreso, complicación o causa de muerte, donde se espera un diagnóstico definido. Es un aviso.',
    comoCorregir: 'Revisa si al egreso ya había un diagnóstico confirmado y úsalo en lugar del código R.',
    nota: 'Radica la aplica solo a egreso, complicación y causa de muerte (ver RVC031).',
  },
  {
    codigo: 'RVC033',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El diagnóstico de egreso, de complicación o de causa de muerte no debería ser un factor que influye en el estado de salud (Z00–Z99).',
    ubicacion: `${SERVICIOS}.*[].{codDiagnosticoPrincipalE,codComplicacion,codDiagnosticoCausaMuerte}`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Se informó un código Z como diagnóstico de egreso, complicación o causa de muerte. Es un aviso.',
    comoCorregir:
      'Revisa si corresponde un diagnóstico de enfermedad o lesión. Algunos egresos, como el de un recién nacido sano, pueden llevar un código Z; en ese caso puedes dejarlo.',
    nota: 'Radica la aplica solo a egreso, complicación y causa de muerte (ver RVC031).',
  },
  {
    codigo: 'RVC034',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'Cuando la modalidad de pago es pago por evento (MODALIDAD_PAGO 04), el valor de cada servicio (vrServicio) debe ser mayor que cero.',
    ubicacion: `${CON_VALOR}.vrServicio ↔ ${SALUD}[Name="MODALIDAD_PAGO"]/Value/@schemeID`,
    origen: DT1,
    estado: 'implementada',
    significado: 'La factura es por evento, pero el RIPS trae servicios en cero o con valor negativo.',
    comoCorregir:
      'Revisa vrServicio de los servicios señalados: en pago por evento cada servicio lleva su valor. Suele pasar al reutilizar un RIPS de capitación; si la factura no es por evento, corrige la modalidad de pago en la factura.',
    nota: 'Nivel no establecido por el texto publicado ni por una respuesta real: a lo sumo NOTIFICACION (decisión 025).',
  },
  {
    codigo: 'RVC035',
    clase: 'N',
    fuente: 'Ambos',
    descripcion: 'La cuota moderadora solo se puede informar para usuarios del régimen contributivo.',
    ubicacion: `${CON_VALOR}.conceptoRecaudo, usuarios[].tipoUsuario ↔ ${COBERTURA}`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Se informó una cuota moderadora para un usuario que no es del régimen contributivo.',
    comoCorregir:
      'Revisa conceptoRecaudo (02 cuota moderadora) y tipoUsuario del paciente. Si el paciente pagó otro concepto usa el código correcto (01 copago, 03 pagos compartidos), o 05 si no pagó.',
    nota: 'Nivel no establecido por el texto publicado ni por una respuesta real: a lo sumo NOTIFICACION (decisión 025). Además la fuente toma el régimen de la factura y Radica usa el tipoUsuario del RIPS (01–03 contributivo).',
  },
  {
    codigo: 'RVC036',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'Los pagos moderadores de la factura electrónica (PrepaidPayment por concepto) deben sumar lo mismo que los valorPagoModerador del RIPS de ese concepto de recaudo.',
    ubicacion: `${CON_VALOR}.valorPagoModerador ↔ Invoice/cac:PrepaidPayment/cbc:PaidAmount`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Lo que la factura dice que pagó el paciente (copago, cuota moderadora, pagos compartidos) no cuadra con lo que informa el RIPS.',
    comoCorregir:
      'Suma valorPagoModerador del RIPS por conceptoRecaudo (01 copago, 02 cuota moderadora, 03 pagos compartidos) y compáralo con los PrepaidPayment de la factura, cuyo cbc:ID/@schemeID es el concepto. Suele pasar cuando el pago quedó con otro concepto en uno de los dos archivos o falta un PrepaidPayment en la factura.',
    nota: 'Nivel no establecido por el texto publicado ni por una respuesta real: a lo sumo NOTIFICACION (decisión 025). Un hallazgo por concepto que no cuadra.',
  },
  {
    codigo: 'RVC037',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'Para usuarios del régimen subsidiado no se pueden informar pagos compartidos en planes voluntarios de salud (conceptoRecaudo 03).',
    ubicacion: `${CON_VALOR}.conceptoRecaudo, usuarios[].tipoUsuario ↔ ${COBERTURA}`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Se informó un pago compartido de plan voluntario para un usuario del régimen subsidiado.',
    comoCorregir:
      'Revisa conceptoRecaudo (03) y tipoUsuario del paciente (04 subsidiado). Suele pasar por escoger el concepto de recaudo equivocado.',
    nota: 'Lectura de Radica de la frase de la auditoría "subsidiado sin planes voluntarios"; texto oficial no transcrito. Nivel no establecido por el texto publicado ni por una respuesta real: a lo sumo NOTIFICACION (decisión 025).',
  },
  {
    codigo: 'RVC038',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'La fecha de ingreso a urgencias u hospitalización no puede ser posterior a la fecha de validación.',
    ubicacion: `${ESTANCIAS}.fechaInicioAtencion`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Hay un ingreso a urgencias u hospitalización con fecha u hora en el futuro.',
    comoCorregir:
      'Revisa fechaInicioAtencion (AAAA-MM-DD HH:mm, hora de Colombia). Suele pasar por un año mal digitado o por invertir el día y el mes.',
  },
  {
    codigo: 'RVC039',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de ingreso debe ser anterior o igual a la fecha de egreso.',
    ubicacion: `${ESTANCIAS}.fechaEgreso`,
    origen: DT1,
    estado: 'implementada',
    significado: 'En urgencias u hospitalización, el egreso quedó antes del ingreso.',
    comoCorregir:
      'Revisa fechaInicioAtencion y fechaEgreso (AAAA-MM-DD HH:mm, reloj de 24 horas). Suele pasar al escribir la hora en formato de 12 horas o al invertir el día y el mes.',
  },
  {
    codigo: 'RVC040',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'La estancia en urgencias no debería superar 48 horas.',
    ubicacion: `${SERVICIOS}.urgencias[].fechaEgreso`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El paciente aparece más de 48 horas en urgencias. Es un aviso.',
    comoCorregir:
      'Revisa las fechas y horas de ingreso y egreso de urgencias. Si el paciente pasó a hospitalización, el egreso de urgencias debe ser el del traslado; si la estancia fue real, puedes dejarla.',
  },
  {
    codigo: 'RVC041',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Una hospitalización de menos de 6 horas debería revisarse.',
    ubicacion: `${SERVICIOS}.hospitalizacion[].fechaEgreso`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Hay una hospitalización de menos de 6 horas. Es un aviso.',
    comoCorregir:
      'Revisa el ingreso y el egreso de la hospitalización. Una estancia tan corta suele ser un error de hora o una atención que corresponde a urgencias; si es correcta, puedes dejarla.',
  },
  {
    codigo: 'RVC042',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Si la condición de egreso es paciente muerto (02), se debe informar el diagnóstico de causa de muerte.',
    ubicacion: `${SERVICIOS}.{urgencias,hospitalizacion,recienNacidos}[].codDiagnosticoCausaMuerte`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El egreso dice "paciente muerto" pero no trae el diagnóstico de la causa de muerte.',
    comoCorregir:
      'Informa codDiagnosticoCausaMuerte (CIE-10), o corrige condicionDestinoUsuarioEgreso si el paciente no falleció (02 es paciente muerto).',
  },
  {
    codigo: 'RVC043',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de egreso no puede ser posterior a la fecha de validación.',
    ubicacion: `${SERVICIOS}.{urgencias,hospitalizacion,recienNacidos}[].fechaEgreso`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Hay un egreso con fecha u hora en el futuro.',
    comoCorregir:
      'Revisa fechaEgreso (AAAA-MM-DD HH:mm, hora de Colombia). Suele pasar por un año mal digitado o por facturar a un paciente que aún no ha salido.',
  },
  {
    codigo: 'RVC044',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'La fecha de egreso debe estar dentro del periodo de facturación de la factura electrónica (InvoicePeriod).',
    ubicacion: `${SERVICIOS}.{urgencias,hospitalizacion,recienNacidos}[].fechaEgreso ↔ ${PERIODO}`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Un egreso tiene fecha fuera del periodo que cubre la factura.',
    comoCorregir:
      'Compara fechaEgreso con StartDate y EndDate del periodo de facturación de la factura. Suele pasar cuando el paciente egresó después del cierre del periodo o cuando el periodo quedó mal configurado.',
    nota: 'Nivel no establecido por el texto publicado ni por una respuesta real: a lo sumo NOTIFICACION (decisión 025). Radica no la aplica a facturas de capitación (MODALIDAD_PAGO 03).',
  },
  {
    codigo: 'RVC045',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de nacimiento del recién nacido no puede ser posterior a la fecha de validación.',
    ubicacion: `${SERVICIOS}.recienNacidos[].fechaNacimiento`,
    origen: DT1,
    estado: 'implementada',
    significado: 'La fecha de nacimiento del recién nacido está en el futuro.',
    comoCorregir:
      'Revisa fechaNacimiento del recién nacido (AAAA-MM-DD HH:mm). Suele pasar por un año mal digitado o por invertir el día y el mes.',
  },
  {
    codigo: 'RVC046',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de egreso del recién nacido debe ser posterior o igual a su fecha de nacimiento.',
    ubicacion: `${SERVICIOS}.recienNacidos[].fechaEgreso`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El recién nacido aparece saliendo antes de nacer.',
    comoCorregir:
      'Revisa fechaNacimiento y fechaEgreso del recién nacido, incluida la hora (reloj de 24 horas).',
  },
  {
    codigo: 'RVC047',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Si el recién nacido no tiene documento propio, el documento informado debe ser el de la madre, igual al del usuario.',
    ubicacion: `${SERVICIOS}.recienNacidos[].{tipoDocumentoIdentificacion,numDocumentoIdentificacion}`,
    origen: DT1,
    estado: 'pendiente',
    significado: 'Para un recién nacido sin documento se informó un número que no es el de la madre.',
    comoCorregir:
      'Revisa tipoDocumentoIdentificacion y numDocumentoIdentificacion del recién nacido: si aún no tiene registro civil, usa los datos de la madre, que deben coincidir con los del usuario bajo el que está el registro.',
    nota: 'Se puede decidir con el RIPS; falta implementarla. Según una fuente de terceros, en el DT1 esos campos identifican al bebé o a la madre.',
  },
  { codigo: 'RVC048', ...GRUPO_MIPRES },
  { codigo: 'RVC049', ...GRUPO_MIPRES },
  {
    codigo: 'RVC050',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Para dispositivos médicos e insumos, servicios complementarios y honorarios (tipoOS 01, 04 y 05) se debe informar el profesional que ordenó o prestó la tecnología.',
    ubicacion: `${SERVICIOS}.otrosServicios[].{tipoDocumentoIdentificacion,numDocumentoIdentificacion}`,
    origen: `${DT1}; DT1 v003 según validadores de terceros (julio de 2026)`,
    estado: 'implementada',
    significado:
      'Falta el documento del profesional que ordenó o prestó un dispositivo, un insumo, un servicio complementario o unos honorarios. Es un aviso: Radica no ha podido confirmar la regla en el texto oficial.',
    comoCorregir:
      'Informa en ese servicio de otros servicios tipoDocumentoIdentificacion y numDocumentoIdentificacion del profesional (no los del paciente). Suele pasar con software que aún genera la estructura anterior de la Res. 2275/2023, donde esos campos eran opcionales.',
    nota: 'La auditoría del DT1 v002 da R a "tipoOS dispositivos / servicios complementarios ⇒ quién lo ordenó" sin nombrar los campos; validadores de terceros del DT1 v003 exigen los campos del profesional (S09, S10) para tipoOS 01, 04 y 05. Leer "quién ordenó" como esos campos y agregar el 05 es lectura de Radica: NOTIFICACION (decisión 025). Solo con la estructura de la Res. 948/2026 (docs/res948-auditoria.md).',
  },
  {
    codigo: 'RVC051',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'La finalidad informada se puede validar con el sexo y la edad del usuario',
    ubicacion: `${SERVICIOS}.{consultas,procedimientos}[].finalidadTecnologiaSalud`,
    origen: DT1_API,
    estado: 'pendiente',
    significado:
      'La finalidad del servicio no parece corresponder al sexo o la edad del paciente, por ejemplo cuidado prenatal para un niño.',
    comoCorregir:
      'Revisa finalidadTecnologiaSalud del servicio y los datos del usuario (codSexo, fechaNacimiento). Suele pasar por escoger una finalidad parecida de la lista.',
    nota: 'Nivel no indicado (el texto "se puede validar" es el de las notificaciones vistas); se asume N. Necesita las columnas de sexo y edad de la tabla de finalidades de SISPRO, que Radica aún no carga.',
  },
  { codigo: 'RVC052', ...GRUPO_MATERNO },
  {
    codigo: 'RVC053',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Si el usuario falleció (egreso como paciente muerto), no se pueden informar servicios con fecha de más de 24 horas después del fallecimiento.',
    ubicacion: `${SERVICIOS}.*[]`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Hay servicios registrados más de un día después del fallecimiento del paciente.',
    comoCorregir:
      'Revisa las fechas de los servicios posteriores al egreso por muerte y la fecha de ese egreso. Suele pasar con medicamentos o insumos cargados después del fallecimiento o con una fecha de egreso mal digitada.',
    nota: 'La auditoría da R, pero tomar como fallecimiento la fecha de egreso de urgencias u hospitalización con condición 02 (paciente muerto) es lectura de Radica (el Ministerio puede usar RUAF-ND, ver RVC098): condición no establecida, a lo sumo NOTIFICACION (decisión 025). Se compara con el servicio más reciente del usuario.',
  },
  {
    codigo: 'RVC054',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Validación por campo del DT1 v002 cuyo texto no se conoce; está entre RVC053 (servicios después del fallecimiento) y RVC055 (medicamentos UNIRS).',
    ubicacion: '',
    origen: DT1,
    estado: 'pendiente',
    significado:
      'Radica aún no tiene la descripción oficial de este código. Si el Ministerio lo devuelve, la ruta del campo y las Observaciones del hallazgo dicen qué dato revisar.',
    comoCorregir:
      'Abre el campo que indica la ruta del hallazgo y lee las Observaciones, que traen el dato enviado y la tabla de referencia usada.',
    nota: NOTA_SIN_TEXTO,
  },
  {
    codigo: 'RVC055',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El código de un medicamento UNIRS (tipoMedicamento 04) se valida contra la tabla de referencia UNIRS.',
    ubicacion: `${SERVICIOS}.medicamentos[].codTecnologiaSalud`,
    origen: DT1,
    estado: 'pendiente',
    significado: 'El código del medicamento UNIRS no corresponde con la tabla de referencia.',
    comoCorregir:
      'Revisa tipoMedicamento y codTecnologiaSalud: para medicamentos UNIRS el código debe existir en la tabla UNIRS de SISPRO. Suele pasar al usar un código interno o un CUM en su lugar.',
    nota: 'Descripción no transcrita: la auditoría solo la ubica entre las reglas que usan la tabla UNIRS; nivel no indicado, se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Necesita la tabla UNIRS de SISPRO, que Radica aún no carga.',
  },
  {
    codigo: 'RVC056',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Validación por campo del DT1 v002 cuyo texto no se conoce; las notas de versión v4.1 del validador la mencionan entre los cambios.',
    ubicacion: '',
    origen: NOTAS_V41,
    estado: 'pendiente',
    significado:
      'Radica aún no tiene la descripción oficial de este código. Si el Ministerio lo devuelve, la ruta del campo y las Observaciones del hallazgo dicen qué dato revisar.',
    comoCorregir:
      'Abre el campo que indica la ruta del hallazgo y lee las Observaciones, que traen el dato enviado y la tabla de referencia usada.',
    nota: NOTA_SIN_TEXTO,
  },
  {
    codigo: 'RVC057',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La edad gestacional del recién nacido debe estar entre 20 y 46 semanas.',
    ubicacion: `${SERVICIOS}.recienNacidos[].edadGestacional`,
    origen: DT1,
    estado: 'implementada',
    significado: 'La edad gestacional informada no es posible (menos de 20 o más de 46 semanas).',
    comoCorregir:
      'Revisa edadGestacional: se informa en semanas completas. Suele pasar al escribir meses o días en lugar de semanas.',
  },
  {
    codigo: 'RVC058',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'El peso del recién nacido debe estar entre 500 y 5000 gramos.',
    ubicacion: `${SERVICIOS}.recienNacidos[].peso`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El peso del recién nacido está fuera de 500 a 5000 gramos.',
    comoCorregir:
      'Revisa peso: se informa en gramos (por ejemplo 3200). Suele pasar al escribirlo en kilogramos (3.2).',
  },
  {
    codigo: 'RVC059',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El código de CUPS puede ser validado con el grupo de servicio, servicio, finalidad o causa.',
    ubicacion: CUPS_CAMPOS,
    origen: 'Respuesta real del MUV, 2025',
    estado: 'implementada',
    significado:
      'Es un aviso: el CUPS no parece corresponder con el grupo de servicio, el servicio, la finalidad o la causa informados. No impide obtener el CUV.',
    comoCorregir:
      'Revisa que el CUPS corresponda con grupoServicios, codServicio, finalidadTecnologiaSalud y causaMotivoAtencion del mismo servicio. Las Observaciones dicen qué se cruzó, por ejemplo "Verificar tabla de referencia codProcedimiento (115308) - Finalidad (16)".',
    nota: 'Texto y clase de respuestas reales del MUV (2025): 890701 con finalidad 15 y 115308 con finalidad 16 se señalaron; 890201 con finalidad 15, no. La tabla del Ministerio que cruza CUPS con grupo de servicio, servicio, finalidad y causa no es pública; supuesto de Radica: avisa los CUPS con Ambito U (urgencias) u H (hospitalario) en CUPSRips (890201 es A), con Observaciones en la forma del Ministerio. Nunca es rechazo.',
  },
  {
    codigo: 'RVC060',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Si el concepto de recaudo es copago, cuota moderadora o pagos compartidos (01, 02 o 03), el valor del pago moderador debe ser mayor o igual a 1.',
    ubicacion: `${CON_VALOR}.valorPagoModerador`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Se dijo que el paciente pagó (copago, cuota moderadora o pago compartido), pero el valor está en cero.',
    comoCorregir:
      'Informa en valorPagoModerador el valor que pagó el paciente, o cambia conceptoRecaudo a 05 (no aplica) si no pagó nada.',
  },
  {
    codigo: 'RVC061',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'Cuando no aplique pago moderador se debe informar cero (0).',
    ubicacion: `${CON_VALOR}.valorPagoModerador`,
    origen: DT1_API,
    estado: 'implementada',
    significado:
      'El concepto de recaudo dice "no aplica" (05), pero el RIPS trae un valor de pago moderador.',
    comoCorregir:
      'Si el paciente no pagó, deja valorPagoModerador en 0. Si sí pagó, cambia conceptoRecaudo al concepto correcto (01 copago, 02 cuota moderadora, 03 pagos compartidos).',
  },
  {
    codigo: 'RVC062',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Si el egreso es paciente derivado a otro servicio (condicionDestinoUsuarioEgreso 03), deben existir en el RIPS los servicios prestados.',
    ubicacion: `${ESTANCIAS}.condicionDestinoUsuarioEgreso`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'El egreso dice que el paciente pasó a otro servicio, pero ese servicio no aparece en el RIPS.',
    comoCorregir:
      'Si el paciente pasó a otro servicio, informa también ese servicio (por ejemplo la hospitalización después de urgencias); si no fue así, corrige condicionDestinoUsuarioEgreso.',
    nota: 'La auditoría da R, pero el alcance no está transcrito: Radica pide que el usuario tenga servicios en otra lista del RIPS (por ejemplo la hospitalización o las consultas después de urgencias) y reporta el primer egreso 03 sin ellos. Condición de Radica: a lo sumo NOTIFICACION (decisión 025).',
  },
  {
    codigo: 'RVC063',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Se podrá validar la existencia del IUM o del CUM en el catálogo respectivo de SISPRO.',
    ubicacion: `${SERVICIOS}.medicamentos[].codTecnologiaSalud`,
    origen: 'Respuesta real del MUV, 2025',
    estado: 'implementada',
    significado: 'Es un aviso: el código del medicamento no está en el catálogo de medicamentos de SISPRO (CUM o IUM). El Ministerio emite el CUV de todas formas.',
    comoCorregir:
      'Revisa codTecnologiaSalud: debe ser el CUM (expediente-consecutivo, por ejemplo 17134-1) o el IUM del medicamento dispensado. Suele pasar con códigos internos o de relleno como "000".',
    nota: 'Texto y clase de una respuesta real del MUV (2025), Observaciones "El código de la tecnología  [19992190-03] no es válido, por favor verificar tabla de referencia.": un CUM bien formado que no está en el catálogo. Radica no tiene el catálogo CUM/IUM: solo avisa, para tipoMedicamento 01, los códigos que no tienen forma de CUM (expediente-consecutivo) ni de IUM (15 caracteres); un código bien formado que falte en el catálogo solo lo detecta el Ministerio. En notas sigue siendo NOTIFICACION (decisión 049): un hospital lo nombra entre los "códigos típicos" de sus notas crédito rechazadas (junio de 2026), junto a TOT003, que es una caída del Ministerio y no una regla; ninguna respuesta publicada muestra la clase de RVC063 en una nota.',
    porPaquete: [
      {
        paquetes: PAQUETES_NOTA,
        clase: 'N',
        origen: 'Respuesta real del MUV, 2025 (NOTIFICACION en una factura); en notas, un hospital lo lista entre los códigos típicos de notas crédito rechazadas (junio de 2026) sin mostrar su clase: a lo sumo NOTIFICACION (decisión 025)',
        significado: 'Es un aviso: el código del medicamento no tiene forma de CUM ni de IUM. En notas crédito, prestadores reportan este código entre los de notas rechazadas por el Ministerio: corrígelo antes de enviar la nota.',
      },
    ],
  },
  {
    codigo: 'RVC064',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Una preparación magistral a base de cannabis debe informar el código DCI 02887, 50840 o 50941.',
    ubicacion: `${SERVICIOS}.medicamentos[].codTecnologiaSalud`,
    origen: DT1,
    estado: 'pendiente',
    significado: 'Se informó una preparación magistral de cannabis sin uno de los códigos DCI permitidos.',
    comoCorregir:
      'Revisa tipoMedicamento (03 preparación magistral) y codTecnologiaSalud: para preparaciones de cannabis usa el código DCI 02887, 50840 o 50941.',
    nota: 'Se puede decidir con el RIPS; falta implementarla. La fuente no dice cómo reconoce el Ministerio que la preparación es de cannabis.',
  },
  {
    codigo: 'RVC065',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Para 01: Medicamento con uso según registro sanitario, 02: Medicamento con uso como vital no disponible definido por INVIMA o 04: Medicamento con uso no incluido en el registro sanitario(Listado UNIRS) puede informar null.',
    ubicacion: `${SERVICIOS}.medicamentos[].{nomTecnologiaSalud,concentracionMedicamento,unidadMedida}`,
    origen: 'Respuesta real del MUV, 2025',
    estado: 'implementada',
    significado: 'Es un aviso: para medicamentos con registro sanitario (01), vitales no disponibles (02) o del listado UNIRS (04) el Ministerio toma el nombre, la concentración y la unidad de su catálogo, así que esos campos pueden ir en null. No impide obtener el CUV.',
    comoCorregir: 'Si tipoMedicamento es 01, 02 o 04, puedes enviar nomTecnologiaSalud, concentracionMedicamento y unidadMedida en null: el código CUM o IUM ya los identifica. Un 0 también cuenta como dato informado. Es solo un aviso; no hace falta corregirlo para obtener el CUV.',
    nota: 'Texto y clase de una respuesta real del MUV (2025): aparece cuando, con tipoMedicamento 01, 02 o 04, nomTecnologiaSalud, concentracionMedicamento o unidadMedida traen un valor (un 0 cuenta); un formaFarmaceutica en null no se señaló. Radica emite un hallazgo por campo con valor.',
  },
  {
    codigo: 'RVC066',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Para dispositivos médicos e insumos (tipoOS 01) se debe informar la descripción de la tecnología (nomTecnologiaSalud).',
    ubicacion: `${SERVICIOS}.otrosServicios[].nomTecnologiaSalud`,
    origen: DT1,
    estado: 'implementada',
    significado: 'Se informó un dispositivo médico o insumo sin su nombre o descripción.',
    comoCorregir:
      'Informa en nomTecnologiaSalud el nombre del dispositivo o insumo. Suele pasar cuando el software solo envía el código.',
  },
  { codigo: 'RVC067', ...GRUPO_MATERNO },
  { codigo: 'RVC068', ...GRUPO_MATERNO },
  { codigo: 'RVC069', ...GRUPO_MATERNO },
  { codigo: 'RVC070', ...GRUPO_MATERNO },
  { codigo: 'RVC071', ...GRUPO_MATERNO },
  { codigo: 'RVC072', ...GRUPO_MATERNO },
  { codigo: 'RVC073', ...GRUPO_MATERNO },
  { codigo: 'RVC074', ...GRUPO_MATERNO },
  { codigo: 'RVC075', ...GRUPO_MATERNO },
  { codigo: 'RVC076', ...GRUPO_MATERNO },
  { codigo: 'RVC077', ...GRUPO_MATERNO },
  { codigo: 'RVC078', ...GRUPO_MATERNO },
  {
    codigo: 'RVC079',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de la atención debe ser posterior o igual a la fecha de nacimiento del usuario.',
    ubicacion: FECHAS_ATENCION,
    origen: DT1,
    estado: 'implementada',
    significado: 'Hay una atención con fecha anterior al nacimiento del paciente.',
    comoCorregir:
      'Revisa la fecha del servicio y fechaNacimiento del usuario. Suele pasar por una fecha de nacimiento mal digitada o por servicios de otra persona cargados a este usuario.',
  },
  {
    codigo: 'RVC080',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de egreso debe ser posterior o igual a la fecha de nacimiento del usuario.',
    ubicacion: `${ESTANCIAS}.fechaEgreso`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Hay un egreso de urgencias u hospitalización con fecha anterior al nacimiento del paciente.',
    comoCorregir:
      'Revisa fechaEgreso y fechaNacimiento del usuario. Suele pasar por una fecha mal digitada o por un servicio cargado al usuario equivocado (por ejemplo al recién nacido en lugar de la madre).',
  },
  {
    codigo: 'RVC081',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La fecha de ingreso debe ser posterior o igual a la fecha de nacimiento del usuario.',
    ubicacion: `${ESTANCIAS}.fechaInicioAtencion`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Hay un ingreso a urgencias u hospitalización con fecha anterior al nacimiento del paciente.',
    comoCorregir:
      'Revisa fechaInicioAtencion y fechaNacimiento del usuario. Suele pasar por una fecha mal digitada o por un servicio cargado al usuario equivocado.',
  },
  { codigo: 'RVC082', ...GRUPO_CUPS },
  { codigo: 'RVC083', ...GRUPO_CUPS },
  {
    codigo: 'RVC084',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Las finalidades de promoción y mantenimiento y las materno perinatales deben llevar el concepto de recaudo "no aplica pago moderador".',
    ubicacion: `${SERVICIOS}.{consultas,procedimientos}[].conceptoRecaudo`,
    origen: DT1,
    estado: 'pendiente',
    significado:
      'Se informó un copago o una cuota moderadora en una atención de promoción y mantenimiento o materno perinatal, que no llevan pago moderador.',
    comoCorregir:
      'Revisa conceptoRecaudo del servicio: con esas finalidades usa 05 (no aplica) y valorPagoModerador 0. Si la finalidad es otra, corrige finalidadTecnologiaSalud.',
    nota: 'Se puede decidir con el RIPS una vez se tenga la lista de finalidades de promoción y mantenimiento y materno perinatales del DT1 v002; falta implementarla.',
  },
  {
    codigo: 'RVC085',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Con la finalidad valoración integral para la promoción y mantenimiento (11), el diagnóstico principal solo puede estar entre Z00 y Z99.',
    ubicacion: `${SERVICIOS}.{consultas,procedimientos}[].codDiagnosticoPrincipal`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Una valoración integral de promoción y mantenimiento lleva como diagnóstico principal una enfermedad en vez de un código Z. Es un aviso.',
    comoCorregir:
      'Revisa codDiagnosticoPrincipal: en una valoración integral de promoción y mantenimiento se usa un código Z (por ejemplo Z000, examen médico general). Si la consulta fue por enfermedad, corrige la finalidad.',
    nota: 'Radica la aplica a consultas y procedimientos, los servicios que informan finalidad.',
  },
  {
    codigo: 'RVC086',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Se puede validar que el código de diagnóstico relacionado no sea igual al código de diagnóstico principal.',
    ubicacion: `${SERVICIOS}.consultas[].codDiagnosticoRelacionado{1,2,3}, ${SERVICIOS}.{procedimientos,medicamentos}[].codDiagnosticoRelacionado`,
    origen: 'Respuesta real del MUV, 2025 (CargarFevRips); DT1 v002 pp. 108–129 (auditoría de terceros)',
    estado: 'implementada',
    significado: 'Se repitió el diagnóstico principal como diagnóstico relacionado. En una factura es un aviso y el Ministerio emite el CUV de todas formas; en una nota crédito, débito o de ajuste el Ministerio rechaza la nota.',
    comoCorregir:
      'Deja vacío (null) el diagnóstico relacionado o informa otro diagnóstico distinto del principal. Suele pasar cuando el software copia el principal en todos los campos de diagnóstico.',
    nota: 'La clase depende del tipo de paquete (decisión 049). Factura: texto y clase de una respuesta real del MUV (2025), NOTIFICACION en medicamentos[0].codDiagnosticoRelacionado con Observaciones "Codigo de diagnóstico repetido", y el paquete obtuvo CUV. Notas: tres notas crédito de un hospital volvieron RECHAZADO RVC086 (junio de 2026) y la auditoría de terceros del DT1 v002 lo lista como R. Sin fuente para el RIPS sin factura ni la capitación: NOTIFICACION (decisión 025). Radica la aplica a consultas, procedimientos y medicamentos.',
    porPaquete: [
      {
        paquetes: ['CargarFevRips'],
        clase: 'N',
        origen: 'Respuesta real del MUV a la factura CME443346 (CargarFevRips), 2025-02-16',
        significado: 'Es un aviso: se repitió el diagnóstico principal como diagnóstico relacionado. En una factura el Ministerio emite el CUV de todas formas, pero si luego haces una nota crédito o débito con este RIPS, la nota será rechazada.',
      },
      {
        paquetes: PAQUETES_NOTA,
        clase: 'R',
        origen: 'Respuestas reales del MUV a tres notas crédito de un hospital (CargarNC), junio de 2026; DT1 v002 pp. 108–129 (auditoría de terceros, julio de 2026) lo da como rechazo',
        significado: 'Se repitió el diagnóstico principal como diagnóstico relacionado. En una nota el Ministerio rechaza el paquete por esto y no emite el CUV, aunque en la factura original solo haya sido un aviso.',
        comoCorregir:
          'Deja vacío (null) el diagnóstico relacionado o informa otro diagnóstico distinto del principal en el RIPS de la nota, y vuelve a cargarlo. Suele pasar cuando el RIPS de la nota se copia del de la factura, que el Ministerio aceptó con este mismo aviso.',
      },
    ],
  },
  {
    codigo: 'RVC087',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Se puede validar que los códigos de diagnóstico relacionados no sean iguales entre sí.',
    ubicacion: `${SERVICIOS}.consultas[].codDiagnosticoRelacionado{1,2,3}`,
    origen: DT1,
    estado: 'implementada',
    significado: 'En una factura es un aviso: el mismo diagnóstico relacionado aparece más de una vez en el mismo servicio.',
    comoCorregir: 'Deja cada diagnóstico relacionado una sola vez y los campos sobrantes vacíos (null).',
    nota: 'Clase N en facturas por decisión de Radica: el Ministerio usa una clase por código y tipo de paquete, y RVC086, de la misma familia ("diagnóstico repetido") y de la misma línea de la auditoría que da R a las cuatro, resultó NOTIFICACION en una factura real. En notas la familia sigue a RVC086, que es rechazo en notas reales, y la R de la auditoría queda sin contradecir: R (decisiones 025 y 049). Texto redactado por Radica al modo del de RVC086.',
    porPaquete: [
      {
        paquetes: PAQUETES_NOTA,
        clase: 'R',
        origen: 'DT1 v002 pp. 108–129 (auditoría de terceros, julio de 2026) da R a RVC086–RVC089; en notas, RVC086, de la misma familia, volvió RECHAZADO en tres notas crédito reales (junio de 2026) y ninguna respuesta contradice la R',
        significado: 'El mismo diagnóstico relacionado aparece más de una vez en el mismo servicio. En una nota el Ministerio rechaza el paquete por esto.',
        comoCorregir: 'Deja cada diagnóstico relacionado una sola vez y los campos sobrantes vacíos (null) en el RIPS de la nota, y vuelve a cargarlo.',
      },
    ],
  },
  {
    codigo: 'RVC088',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Se puede validar que el código de diagnóstico relacionado de egreso no sea igual al código de diagnóstico principal de egreso.',
    ubicacion: `${ESTANCIAS}.codDiagnosticoRelacionadoE{1,2,3}`,
    origen: DT1,
    estado: 'implementada',
    significado: 'En una factura es un aviso: se repitió el diagnóstico principal de egreso como diagnóstico relacionado de egreso.',
    comoCorregir:
      'Deja vacío (null) el diagnóstico relacionado de egreso o informa uno distinto de codDiagnosticoPrincipalE.',
    nota: 'Clase N en facturas por decisión de Radica: el Ministerio usa una clase por código y tipo de paquete, y RVC086, de la misma familia ("diagnóstico repetido") y de la misma línea de la auditoría que da R a las cuatro, resultó NOTIFICACION en una factura real. En notas la familia sigue a RVC086, que es rechazo en notas reales, y la R de la auditoría queda sin contradecir: R (decisiones 025 y 049). Texto redactado por Radica al modo del de RVC086.',
    porPaquete: [
      {
        paquetes: PAQUETES_NOTA,
        clase: 'R',
        origen: 'DT1 v002 pp. 108–129 (auditoría de terceros, julio de 2026) da R a RVC086–RVC089; en notas, RVC086, de la misma familia, volvió RECHAZADO en tres notas crédito reales (junio de 2026) y ninguna respuesta contradice la R',
        significado: 'Se repitió el diagnóstico principal de egreso como diagnóstico relacionado de egreso. En una nota el Ministerio rechaza el paquete por esto.',
        comoCorregir: 'Deja vacío (null) el diagnóstico relacionado de egreso o informa uno distinto de codDiagnosticoPrincipalE en el RIPS de la nota, y vuelve a cargarlo.',
      },
    ],
  },
  {
    codigo: 'RVC089',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Se puede validar que los códigos de diagnóstico relacionados de egreso no sean iguales entre sí.',
    ubicacion: `${ESTANCIAS}.codDiagnosticoRelacionadoE{1,2,3}`,
    origen: DT1,
    estado: 'implementada',
    significado: 'En una factura es un aviso: el mismo diagnóstico relacionado de egreso aparece más de una vez.',
    comoCorregir:
      'Deja cada diagnóstico relacionado de egreso una sola vez y los campos sobrantes vacíos (null).',
    nota: 'Clase N en facturas por decisión de Radica: el Ministerio usa una clase por código y tipo de paquete, y RVC086, de la misma familia ("diagnóstico repetido") y de la misma línea de la auditoría que da R a las cuatro, resultó NOTIFICACION en una factura real. En notas la familia sigue a RVC086, que es rechazo en notas reales, y la R de la auditoría queda sin contradecir: R (decisiones 025 y 049). Texto redactado por Radica al modo del de RVC086.',
    porPaquete: [
      {
        paquetes: PAQUETES_NOTA,
        clase: 'R',
        origen: 'DT1 v002 pp. 108–129 (auditoría de terceros, julio de 2026) da R a RVC086–RVC089; en notas, RVC086, de la misma familia, volvió RECHAZADO en tres notas crédito reales (junio de 2026) y ninguna respuesta contradice la R',
        significado: 'El mismo diagnóstico relacionado de egreso aparece más de una vez. En una nota el Ministerio rechaza el paquete por esto.',
        comoCorregir: 'Deja cada diagnóstico relacionado de egreso una sola vez y los campos sobrantes vacíos (null) en el RIPS de la nota, y vuelve a cargarlo.',
      },
    ],
  },
  { codigo: 'RVC090', ...GRUPO_CUPS },
  {
    codigo: 'RVC091',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'En los RIPS sin factura electrónica o de entidades con objeto social diferente (EOSD) aplican reglas propias sobre los valores.',
    ubicacion: `tipoNota, ${CON_VALOR}.vrServicio`,
    origen: DT1,
    estado: 'pendiente',
    significado:
      'Los valores de un RIPS sin factura, o de una entidad que no es un prestador habitual, no cumplen lo que el Ministerio exige para ese tipo de reporte.',
    comoCorregir:
      'Revisa tipoNota y los valores (vrServicio, valorPagoModerador) del RIPS, y lee las Observaciones del hallazgo, que indican el dato revisado.',
    nota: 'Descripción no transcrita: la auditoría solo dice "RIPS sin FEV / EOSD ⇒ reglas de valor" y que depende del tipo de prestador; nivel no indicado, se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Puede necesitar las tablas de prestadores (EntidadesnoREPS).',
  },
  {
    codigo: 'RVC092',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'El concepto de recaudo anticipo (04) no debe usarse en el RIPS.',
    ubicacion: `${CON_VALOR}.conceptoRecaudo`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'Se usó el concepto "anticipo", que es propio de la factura electrónica y no del RIPS. Es un aviso.',
    comoCorregir:
      'Cambia conceptoRecaudo: usa 01, 02 o 03 si el paciente pagó, o 05 si no aplica. Los anticipos se informan solo en la factura.',
  },
  {
    codigo: 'RVC094',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'El valor del servicio de un medicamento debería ser la cantidad por el valor unitario.',
    ubicacion: `${SERVICIOS}.medicamentos[].vrServicio`,
    origen: DT1,
    estado: 'implementada',
    significado:
      'En un medicamento, vrServicio no es igual a cantidadMedicamento por vrUnitMedicamento. Es un aviso.',
    comoCorregir:
      'Revisa cantidadMedicamento, vrUnitMedicamento y vrServicio. Suele pasar con descuentos aplicados solo al total, redondeos o cantidades fraccionadas.',
  },
  {
    codigo: 'RVC095',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Si el tipo de usuario es 10 (tomador o amparado SOAT), se debe informar el registro SIRAS (registroSIRAS).',
    ubicacion: 'usuarios[].registroSIRAS',
    origen: DT1,
    estado: 'implementada',
    significado: 'Falta el número de registro SIRAS de una atención cubierta por SOAT.',
    comoCorregir:
      'Informa registroSIRAS para los usuarios con tipoUsuario 10, o corrige el tipo de usuario si la atención no es SOAT. El campo es de la estructura de la Res. 948/2026.',
    nota: 'Regla de la Res. 948/2026 (DT1 v002); la fuente no indica nivel: NOTIFICACION (decisión 025). Radica la aplica solo con la estructura de la Res. 948 (facturas desde el 2026-07-01) y ubica registroSIRAS en el usuario (❓ las fuentes no dicen en qué nivel va).',
  },
  { codigo: 'RVC096', ...GRUPO_CUPS },
  {
    codigo: 'RVC097',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'El número de consultas de control prenatal no debería ser mayor a 15.',
    ubicacion: `${SERVICIOS}.recienNacidos[].numConsultasCPrenatal`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El recién nacido tiene informadas más de 15 consultas de control prenatal. Es un aviso.',
    comoCorregir:
      'Revisa numConsultasCPrenatal del recién nacido: es el número de controles prenatales de la madre en ese embarazo.',
    nota: 'La auditoría dice "número de consultas de finalidad cuidado prenatal ≤ 15"; Radica lo revisa en el campo numConsultasCPrenatal del recién nacido. No está confirmado que el Ministerio cuente ese campo y no las consultas con finalidad 23.',
  },
  {
    codigo: 'RVC098',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'La fecha del servicio no puede ser posterior en más de 48 horas a la fecha de fallecimiento registrada en RUAF-ND.',
    ubicacion: `${SERVICIOS}.*[]`,
    origen: DT1,
    estado: 'ministerio',
    significado:
      'Según el registro de defunciones, el paciente había fallecido antes de la fecha del servicio.',
    comoCorregir:
      'Revisa la fecha del servicio y el documento del paciente (tipo y número). Suele pasar por un documento mal digitado que corresponde a otra persona, o por servicios cargados después del fallecimiento.',
    nota: 'Nivel no indicado; se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). La fecha de defunción sale del RUAF-ND, que solo consulta el Ministerio.',
  },

  // ── RIPS: reglas generales (RVG) ────────────────────────────────────────────────────────────────────────────────
  {
    codigo: 'RVG01',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'El RIPS debe cumplir la estructura establecida: campos obligatorios presentes, tipo y formato de dato correctos y códigos que existan en su tabla de referencia.',
    ubicacion: '',
    origen: 'Respuesta real del MUV (publicada en una documentación de API de terceros)',
    estado: 'implementada',
    significado:
      'Un campo del RIPS falta, tiene un tipo o formato distinto del esperado, o trae un código que no existe en su tabla. Mientras la estructura no esté bien, el Ministerio no valida el RIPS.',
    comoCorregir:
      'Ve al campo que indica la ruta del hallazgo y lee las Observaciones: dicen qué propiedad falla y qué dato se envió. Suele pasar con campos vacíos, fechas sin hora (AAAA-MM-DD HH:mm), códigos con dígitos de menos (codPrestador de 11 en vez de 12) o "Servicios" escrito con mayúscula.',
    nota: 'Texto del Ministerio: "Solo se podrá validar los RIPS si cumplen con la estructura establecida."',
  },
  {
    codigo: 'RVG02',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'La suma de vrServicio del RIPS (consultas, procedimientos, medicamentos y otros servicios) debe ser igual al valor bruto de la factura electrónica (LineExtensionAmount).',
    ubicacion: `${CON_VALOR}.vrServicio ↔ Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El total de los servicios del RIPS no cuadra con el valor de la factura.',
    comoCorregir:
      'Suma vrServicio de todos los servicios y compáralo con el valor bruto de la factura (antes de descontar pagos moderadores). Suele pasar cuando falta o sobra un servicio en el RIPS, o un valor cambió en la factura por descuentos o redondeos.',
    nota: 'La auditoría solo dice que RVG02, RVG08, RVG09 y RVG19 son "cuadres varios con la FEV"; usar RVG02 para este cuadre de totales es una asignación de Radica y el nivel no está indicado: NOTIFICACION (decisión 025). En capitación (MODALIDAD_PAGO 03) los RIPS pueden venir en cero. En notas compara con el valor de la nota: es la regla del DT1 v002 pp. 84–85 "la suma del RIPS de la nota crédito es el valor de la nota".',
  },
  {
    codigo: 'RVG05',
    clase: 'R',
    fuente: 'Rips',
    descripcion: 'La longitud del dato debe cumplir la establecida para el campo en la estructura del RIPS.',
    ubicacion: '',
    origen: DT1,
    estado: 'implementada',
    significado: 'Un dato es más largo o más corto de lo que permite el campo.',
    comoCorregir:
      'Revisa el campo que indica la ruta del hallazgo: las Observaciones dicen cuántos caracteres se permiten y cuántos se enviaron. Suele pasar con espacios al inicio o al final, o con puntos y guiones dentro de números.',
    nota: 'Texto del Ministerio no transcrito; la descripción es de Radica. Las longitudes de los campos de servicios no están publicadas para la Res. 2275/2023: Radica usa límites amplios.',
  },
  {
    codigo: 'RVG06',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Regla general del validador cuyo texto no se conoce; según las notas de versión v4.1 del Ministerio pasó a ser notificación.',
    ubicacion: '',
    origen: NOTAS_V41,
    estado: 'pendiente',
    significado: 'Es un aviso del Ministerio; no impide obtener el CUV.',
    comoCorregir:
      'Lee la descripción y las Observaciones que trae el hallazgo del Ministerio: indican el dato revisado.',
    nota: 'No se sabe qué verifica: solo aparece en notas de versión de terceros, que la bajan a notificación. No se sabe si se puede decidir localmente.',
  },
  {
    codigo: 'RVG08',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'El RIPS debe cuadrar con la factura electrónica en un dato que la fuente consultada no especifica.',
    ubicacion: '',
    origen: DT1,
    estado: 'pendiente',
    significado: 'Hay una diferencia entre el RIPS y la factura electrónica.',
    comoCorregir:
      'Lee las Observaciones del hallazgo del Ministerio y compara ese dato en el RIPS y en la factura (NIT, número, fechas, valores, pagador).',
    nota: 'Descripción no transcrita: la auditoría agrupa RVG02, RVG08, RVG09 y RVG19 como "cuadres varios con la FEV; NIT pagador = PSS/PTS"; nivel no indicado, se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Si es un cuadre entre archivos se puede decidir localmente.',
  },
  {
    codigo: 'RVG09',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'El RIPS debe cuadrar con la factura electrónica en un dato que la fuente consultada no especifica.',
    ubicacion: '',
    origen: DT1,
    estado: 'pendiente',
    significado: 'Hay una diferencia entre el RIPS y la factura electrónica.',
    comoCorregir:
      'Lee las Observaciones del hallazgo del Ministerio y compara ese dato en el RIPS y en la factura (NIT, número, fechas, valores, pagador).',
    nota: 'Descripción no transcrita: la auditoría agrupa RVG02, RVG08, RVG09 y RVG19 como "cuadres varios con la FEV; NIT pagador = PSS/PTS"; nivel no indicado, se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Si es un cuadre entre archivos se puede decidir localmente.',
  },
  {
    codigo: 'RVG10',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'Un RIPS y su factura deben corresponder a un solo facturador.',
    ubicacion: `${SERVICIOS}.*[].codPrestador`,
    origen: DT1,
    estado: 'implementada',
    significado: 'El paquete mezcla documentos o servicios de más de un facturador.',
    comoCorregir:
      'Genera un RIPS por factura y por facturador: revisa el codPrestador del servicio señalado (código REPS de 10 dígitos más la sede) y que todos los servicios sean de la factura enviada.',
    nota: 'Texto oficial no transcrito ("un solo facturador por RIPS/factura"); nivel no indicado. Lectura de Radica: todos los codPrestador del RIPS comparten el código REPS (los 10 primeros dígitos) del primer servicio. A lo sumo NOTIFICACION (decisión 025). El NIT del RIPS contra el de la factura lo revisa RVC001.',
  },
  {
    codigo: 'RVG11',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Los profesionales que prestan los servicios deben estar inscritos en RETHUS y, cuando aplica, en MIPRES.',
    ubicacion: `${SERVICIOS}.*[].{tipoDocumentoIdentificacion,numDocumentoIdentificacion}`,
    origen: DT1,
    estado: 'ministerio',
    significado:
      'El documento del profesional informado en un servicio no aparece como profesional de la salud registrado.',
    comoCorregir:
      'Revisa tipoDocumentoIdentificacion y numDocumentoIdentificacion del servicio: son los del profesional que atendió, no los del paciente. Suele pasar al copiar el documento del paciente en esos campos.',
    nota: 'Nivel no indicado; se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Solo el Ministerio consulta RETHUS y MIPRES.',
  },
  {
    codigo: 'RVG12',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Un usuario no puede estar informado más de una vez en el RIPS (mismo tipo y número de documento).',
    ubicacion: 'usuarios[].numDocumentoIdentificacion',
    origen: DT1,
    estado: 'implementada',
    significado: 'El mismo paciente aparece dos veces en la lista de usuarios.',
    comoCorregir:
      'Deja al paciente una sola vez y pasa todos sus servicios a ese usuario. Suele pasar cuando el RIPS se arma uniendo archivos de varios servicios o fechas.',
  },
  {
    codigo: 'RVG13',
    clase: 'R',
    fuente: 'Rips',
    descripcion:
      'Un medicamento no puede estar informado dos veces para el mismo usuario con el mismo código y fecha (Radica marca los registros idénticos salvo el consecutivo).',
    ubicacion: `${SERVICIOS}.medicamentos[].codTecnologiaSalud`,
    origen: DT1,
    estado: 'implementada',
    significado: 'La misma dispensación del mismo medicamento aparece dos veces para el paciente.',
    comoCorregir:
      'Quita el registro repetido, o si fueron dos entregas distintas, informa una sola con la cantidad total o con su fecha y hora reales.',
    nota: 'La fuente dice "mismo código + fecha"; Radica solo marca registros idénticos en todo salvo el consecutivo, porque archivos reales repiten códigos de relleno ("000") para medicamentos distintos a la misma hora.',
  },
  {
    codigo: 'RVG14',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El código CUPS informado debe existir y estar habilitado en la tabla de referencia CUPSRips.',
    ubicacion: CUPS_CAMPOS,
    origen: DT1,
    estado: 'implementada',
    significado: 'El código CUPS de la consulta o el procedimiento no existe o ya no está vigente.',
    comoCorregir:
      'Revisa codConsulta o codProcedimiento: debe ser un CUPS de 6 caracteres vigente en la tabla CUPSRips de SISPRO. Suele pasar con códigos internos, códigos de la tabla anterior o tarifarios propios.',
    nota: 'La auditoría solo ubica RVG14 entre las reglas que usan CUPSRips; que sea "el CUPS debe existir y estar habilitado" es una lectura de Radica, y la copia de CUPSRips de Radica puede estar atrasada frente a la del Ministerio: NOTIFICACION (decisión 025).',
  },
  {
    codigo: 'RVG15',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Regla general del validador cuyo texto no se conoce; las notas de versión v4.1 del Ministerio la mencionan entre los cambios.',
    ubicacion: '',
    origen: NOTAS_V41,
    estado: 'pendiente',
    significado:
      'Radica aún no tiene la descripción oficial de este código. Si el Ministerio lo devuelve, la descripción y las Observaciones del hallazgo dicen qué revisar.',
    comoCorregir:
      'Lee la descripción y las Observaciones que trae el hallazgo del Ministerio: indican el dato revisado.',
    nota: 'No se sabe qué verifica ni su nivel (se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION)): solo aparece en notas de versión de terceros. No se sabe si se puede decidir localmente.',
  },
  {
    codigo: 'RVG18',
    clase: 'R',
    fuente: 'Ambos',
    descripcion:
      'El paquete ya fue validado: el Ministerio no lo procesa de nuevo y devuelve en Observaciones el CUV que ya emitió.',
    ubicacion: '',
    origen: 'Cliente de terceros (módulo RIPS para Odoo)',
    estado: 'ministerio',
    significado: 'Esta factura y su RIPS ya habían sido validados y tienen CUV; no es un error en los datos.',
    comoCorregir:
      'No lo vuelvas a enviar: toma el CUV que viene en las Observaciones y úsalo para radicar ante el pagador. Si necesitas corregir lo ya validado, usa una nota de ajuste del RIPS o una nota crédito o débito.',
    nota: 'Solo el Ministerio sabe qué paquetes ya validó. Un cliente de terceros lo trata como paquete validado y toma el CUV de Observaciones. No es la misma regla que RVG018 (periodo de facturación).',
  },
  {
    codigo: 'RVG19',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'El NIT del pagador se verifica frente a los registros del Ministerio de prestadores y proveedores de tecnologías en salud (PSS/PTS).',
    ubicacion: 'Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID',
    origen: DT1,
    estado: 'ministerio',
    significado:
      'El Ministerio no acepta el pagador o el facturador de la factura según sus registros de entidades.',
    comoCorregir:
      'Revisa que el NIT del pagador en la factura (AccountingCustomerParty) sea el de la entidad responsable del pago y esté bien digitado, y lee las Observaciones del hallazgo, que indican el dato revisado.',
    nota: 'Descripción no confirmada: la auditoría agrupa RVG02/08/09/19 como "cuadres varios con la FEV; NIT pagador = PSS/PTS" y un cliente de terceros rotula RVG19 "Validación PSS/PTS no permitida". Nivel no indicado; se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Depende de registros de entidades que solo tiene el Ministerio.',
  },
  {
    codigo: 'RVG018',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'El periodo de facturación no puede empezar antes del 1 de octubre de 2024.',
    ubicacion: `${PERIODO}/cbc:StartDate`,
    origen: DT2,
    estado: 'implementada',
    significado:
      'La factura dice que cubre un periodo que empieza antes de que arrancara la validación FEV-RIPS (1 de octubre de 2024).',
    comoCorregir:
      'Revisa StartDate del periodo de facturación en el software de facturación. Suele pasar por un año mal digitado en el periodo.',
    nota: 'La fuente dice "no anterior al 2024-10-01 (o la fecha de inicio del grupo)"; Radica usa el 1 de octubre de 2024 para todos. No es RVG18 (paquete ya validado): el MUV escribe los RVG con dos dígitos y este código de tres viene de una transcripción de terceros.',
  },
  {
    codigo: 'CIN006',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'La cobertura o plan de beneficios de la factura debe ser coherente con el concepto de recaudo informado en el RIPS.',
    ubicacion: `${CON_VALOR}.conceptoRecaudo ↔ ${COBERTURA}`,
    origen: DT1,
    estado: 'pendiente',
    significado:
      'El tipo de pago del paciente informado en el RIPS no corresponde con el plan que declara la factura.',
    comoCorregir:
      'Revisa conceptoRecaudo de los servicios y la cobertura (COBERTURA_PLAN_BENEFICIOS) de la factura. Suele pasar cuando la factura se emite con una cobertura distinta a la del plan que realmente paga.',
    nota: 'Nivel no indicado; se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Se puede decidir con los dos archivos, pero la correspondencia oficial entre coberturas y conceptos de recaudo no está transcrita.',
  },

  // ── Factura electrónica (XML), DT2 v001 §11 ─────────────────────────────────────────────────────────────────────
  {
    codigo: 'VFE003',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'El tipo de operación (CustomizationID) debe ser del sector salud: SS-CUFE, SS-CUDE, SS-POS, SS-SNum, SS-Recaudo, SS-Reporte o SS-SinAporte en facturas, 20 en notas crédito y 30 en notas débito.',
    ubicacion: 'Invoice/cbc:CustomizationID',
    origen: DT2,
    estado: 'implementada',
    significado:
      'La factura no está emitida como operación del sector salud, o la nota no es una nota con referencia a factura.',
    comoCorregir:
      'En el software de facturación, emite la factura con tipo de operación del sector salud (normalmente SS-CUFE); las notas crédito deben ser tipo 20 y las débito tipo 30. Suele pasar con facturas emitidas como operación estándar (10).',
  },
  {
    codigo: 'VFE005',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'El número de la factura (cbc:ID) debe venir y ser válido.',
    ubicacion: 'Invoice/cbc:ID',
    origen: DT2,
    estado: 'implementada',
    significado: 'La factura enviada no trae su número o lo trae mal formado.',
    comoCorregir:
      'Envía el XML completo que validó la DIAN, sin editarlo; el número (prefijo y consecutivo) está en cbc:ID. Suele pasar cuando se envía un XML de prueba o modificado a mano.',
    nota: 'La fuente agrupa "VFE005 / VFE006–007: cbc:ID y cbc:UUID (CUFE) válidos y no vacíos"; que VFE005 sea el número es lectura de Radica. Radica la revisa con el XML (rules-xml.ts).',
  },
  {
    codigo: 'VFE006',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'El CUFE o CUDE de la factura (cbc:UUID) debe venir y no estar vacío.',
    ubicacion: 'Invoice/cbc:UUID',
    origen: DT2,
    estado: 'implementada',
    significado: 'La factura enviada no trae su CUFE, el código que le asigna la validación de la DIAN.',
    comoCorregir:
      'Envía el XML de la factura ya validada por la DIAN (el AttachedDocument o la factura firmada), sin editarlo. Suele pasar al enviar un XML generado antes de la validación.',
    nota: 'La fuente agrupa VFE006–007 sin separar cuál revisa la presencia y cuál la validez del CUFE; la separación es lectura de Radica. Radica la revisa con el XML (rules-xml.ts).',
  },
  {
    codigo: 'VFE007',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'El CUFE o CUDE de la factura (cbc:UUID) debe ser válido.',
    ubicacion: 'Invoice/cbc:UUID',
    origen: DT2,
    estado: 'implementada',
    significado: 'El CUFE de la factura no tiene la forma esperada.',
    comoCorregir:
      'Envía el XML tal como lo validó la DIAN, sin editarlo ni reformatearlo. Suele pasar cuando el XML se modificó después de la validación.',
    nota: 'La fuente agrupa VFE006–007 sin separar cuál revisa la presencia y cuál la validez del CUFE. Localmente solo se puede revisar su forma; que corresponda a una factura de la DIAN lo decide el Ministerio (GI013, GI014).',
  },
  {
    codigo: 'VFE011',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'El NIT del facturador en la factura debe llevar el tipo de documento NIT (@schemeName="31").',
    ubicacion: `${NIT_EMISOR}/@schemeName`,
    origen: DT2,
    estado: 'implementada',
    significado: 'En la factura, la identificación del facturador no está marcada como NIT.',
    comoCorregir:
      'Revisa en el software de facturación los datos del emisor: el tipo de documento debe ser NIT (31).',
    nota: 'Radica la revisa con el XML (rules-xml.ts).',
  },
  {
    codigo: 'VFE012',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'El NIT del facturador en la factura debe llevar el dígito de verificación (@schemeID).',
    ubicacion: `${NIT_EMISOR}/@schemeID`,
    origen: DT2,
    estado: 'implementada',
    significado: 'En la factura, el NIT del facturador no trae el dígito de verificación.',
    comoCorregir: 'Configura el dígito de verificación del NIT del emisor en el software de facturación.',
    nota: 'Radica la revisa con el XML (rules-xml.ts).',
  },
  {
    codigo: 'VFE020',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'La factura debe traer la fecha de inicio del periodo de facturación (InvoicePeriod/StartDate).',
    ubicacion: `${PERIODO}/cbc:StartDate`,
    origen: DT2,
    estado: 'implementada',
    significado: 'La factura no dice desde qué fecha cubre los servicios.',
    comoCorregir:
      'Configura en el software de facturación el periodo de facturación (fecha inicial y final) de la factura de salud.',
    nota: 'Radica la aplica solo a facturas, no a notas. DND100 describe la misma ausencia con otro código.',
  },
  {
    codigo: 'VFE021',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'La factura debe traer la fecha final del periodo de facturación (InvoicePeriod/EndDate).',
    ubicacion: `${PERIODO}/cbc:EndDate`,
    origen: DT2,
    estado: 'implementada',
    significado: 'La factura no dice hasta qué fecha cubre los servicios.',
    comoCorregir:
      'Configura en el software de facturación el periodo de facturación (fecha inicial y final) de la factura de salud.',
    nota: 'Radica la aplica solo a facturas, no a notas. DND101 describe la misma ausencia con otro código.',
  },
  {
    codigo: 'VFE022',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'El pagador de la factura (entidad responsable de pago) debe corresponder con la cobertura facturada.',
    ubicacion: `Invoice/cac:AccountingCustomerParty ↔ ${COBERTURA}`,
    origen: DT2,
    estado: 'ministerio',
    significado:
      'La entidad a la que se le factura no corresponde con la cobertura que declara la factura, por ejemplo una cobertura SOAT facturada a una EPS.',
    comoCorregir:
      'Revisa el pagador (AccountingCustomerParty) y COBERTURA_PLAN_BENEFICIOS de la factura. Suele pasar cuando se deja la cobertura que el software trae por defecto y no la del plan que paga.',
    nota: 'Para decidirla hay que saber qué tipo de entidad es el pagador (EPS, aseguradora SOAT, ARL, entidad territorial…), dato que está en los registros del Ministerio y no en los archivos.',
  },
  {
    codigo: 'PFP001',
    clase: 'R',
    fuente: 'Ambos',
    descripcion: 'El número de la factura electrónica debe ser el número informado en el RIPS.',
    ubicacion: 'Invoice/cbc:ID ↔ numFactura',
    origen: DT2,
    estado: 'pendiente',
    significado: 'La factura y el RIPS enviados no son del mismo documento: el número no coincide.',
    comoCorregir:
      'Revisa que el RIPS sea el de esta factura: numFactura debe ser igual a cbc:ID de la factura (prefijo y consecutivo, sin separadores).',
    nota: 'Radica ya revisa esta misma condición desde el lado del RIPS y la reporta como RVC004; no emite PFP001.',
  },
  {
    codigo: 'GI013',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'El CUFE de la factura debe estar registrado en el Ministerio, que lo toma de la DIAN.',
    ubicacion: 'Invoice/cbc:UUID',
    origen: DT2,
    estado: 'ministerio',
    significado: 'El Ministerio no encuentra la factura entre las que la DIAN le reporta como validadas.',
    comoCorregir:
      'Verifica que la factura esté aceptada por la DIAN y que el CUFE del XML sea el de esa factura. Si la DIAN la aceptó y el error sigue, consulta con el soporte del Ministerio.',
    nota: 'Solo el Ministerio consulta lo que la DIAN le reporta.',
  },
  {
    codigo: 'GI014',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'La factura enviada debe ser igual a la que aprobó la DIAN.',
    ubicacion: 'Invoice',
    origen: DT2,
    estado: 'ministerio',
    significado: 'El XML enviado no es idéntico al que validó la DIAN.',
    comoCorregir:
      'Envía el XML tal como lo validó la DIAN, sin editarlo, reformatearlo ni "corregir" tildes o caracteres. Suele pasar cuando el software o una persona modifica el XML después de la validación.',
    nota: 'Solo el Ministerio tiene la copia de la DIAN con qué comparar.',
  },
  {
    codigo: 'PFR001',
    clase: 'N',
    fuente: 'Ambos',
    descripcion: 'El CUV debe corresponder a la factura y al RIPS enviados.',
    ubicacion: '',
    origen: DT2,
    estado: 'ministerio',
    significado: 'El CUV informado no corresponde a estos archivos.',
    comoCorregir:
      'Revisa que el CUV sea el que el Ministerio emitió para esta misma factura y este mismo RIPS, sin cambios en los archivos.',
    nota: 'Nivel no indicado; se asume N (decisión 025: un nivel que no establece el texto publicado ni una respuesta real es a lo sumo NOTIFICACION). Solo el Ministerio conoce los CUV que emitió.',
  },
  {
    codigo: 'DND060',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'La factura debe traer la extensión del sector salud (CustomTagGeneral), salvo los recibos SS-Recaudo, que no la llevan.',
    ubicacion: 'Invoice/ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent/CustomTagGeneral',
    origen: DT2,
    estado: 'implementada',
    significado:
      'A la factura le falta el bloque de datos del sector salud (prestador, modalidad de pago, cobertura, contrato).',
    comoCorregir:
      'Configura en el software de facturación la extensión del sector salud (CustomTagGeneral con CODIGO_PRESTADOR, MODALIDAD_PAGO, COBERTURA_PLAN_BENEFICIOS, NUMERO_CONTRATO y NUMERO_POLIZA). Suele pasar con facturas emitidas desde un módulo que no es el de salud.',
  },
  {
    codigo: 'DND100',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'La factura debe traer la fecha de inicio del periodo de facturación (InvoicePeriod/StartDate).',
    ubicacion: `${PERIODO}/cbc:StartDate`,
    origen: DT2,
    estado: 'pendiente',
    significado: 'La factura no dice desde qué fecha cubre los servicios.',
    comoCorregir:
      'Configura en el software de facturación el periodo de facturación (fecha inicial y final) de la factura de salud.',
    nota: 'Es la misma ausencia que Radica ya reporta como VFE020; no se sabe cuál de los dos códigos devuelve el Ministerio en cada caso. Radica no emite DND100.',
  },
  {
    codigo: 'DND101',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'La factura debe traer la fecha final del periodo de facturación (InvoicePeriod/EndDate).',
    ubicacion: `${PERIODO}/cbc:EndDate`,
    origen: DT2,
    estado: 'pendiente',
    significado: 'La factura no dice hasta qué fecha cubre los servicios.',
    comoCorregir:
      'Configura en el software de facturación el periodo de facturación (fecha inicial y final) de la factura de salud.',
    nota: 'Es la misma ausencia que Radica ya reporta como VFE021; no se sabe cuál de los dos códigos devuelve el Ministerio en cada caso. Radica no emite DND101.',
  },
  {
    codigo: 'DND104',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'Cada pago del paciente (PrepaidPayment) debe indicar su concepto en cbc:ID/@schemeID.',
    ubicacion: 'Invoice/cac:PrepaidPayment/cbc:ID/@schemeID',
    origen: DT2,
    estado: 'implementada',
    significado:
      'La factura trae un pago del paciente sin decir si es copago, cuota moderadora o pago compartido.',
    comoCorregir:
      'Configura los pagos del paciente en la factura con su concepto (01 copago, 02 cuota moderadora, 03 pagos compartidos), que va en el atributo schemeID.',
    nota: 'Radica la revisa con el XML (rules-xml.ts).',
  },
  {
    codigo: 'DND105',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion: 'Cada pago del paciente (PrepaidPayment) debe traer el valor pagado (cbc:PaidAmount).',
    ubicacion: 'Invoice/cac:PrepaidPayment/cbc:PaidAmount',
    origen: DT2,
    estado: 'implementada',
    significado: 'La factura trae un pago del paciente sin su valor.',
    comoCorregir:
      'Configura en la factura el valor de cada pago del paciente (copago, cuota moderadora o pago compartido); debe cuadrar con valorPagoModerador del RIPS.',
    nota: 'Radica la revisa con el XML (rules-xml.ts).',
  },
  {
    codigo: 'DND114',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'Una línea de la factura con impuesto debe traer el valor del impuesto (TaxTotal/TaxAmount).',
    ubicacion: 'Invoice/cac:InvoiceLine/cac:TaxTotal/cbc:TaxAmount',
    origen: DT2,
    estado: 'implementada',
    significado: 'Una línea gravada de la factura no dice cuánto impuesto lleva.',
    comoCorregir:
      'Revisa en el software de facturación los impuestos de la línea señalada. Suele pasar con líneas marcadas como gravadas que en realidad son servicios de salud excluidos.',
    nota: 'Resumen de terceros del DT2 v001 §11; texto de Radica. Radica llama gravada a la línea que trae cac:TaxTotal.',
  },
  {
    codigo: 'DND116',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'Una línea de la factura con impuesto debe traer la base gravable (TaxSubtotal/TaxableAmount).',
    ubicacion: 'Invoice/cac:InvoiceLine/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount',
    origen: DT2,
    estado: 'implementada',
    significado: 'Una línea gravada de la factura no dice sobre qué valor se calculó el impuesto.',
    comoCorregir:
      'Revisa en el software de facturación los impuestos de la línea señalada. Suele pasar con líneas marcadas como gravadas que en realidad son servicios de salud excluidos.',
    nota: 'Resumen de terceros del DT2 v001 §11; texto de Radica. Radica llama gravada a la línea que trae cac:TaxTotal, y exige la base en cada cac:TaxSubtotal.',
  },
  {
    codigo: 'FED129',
    clase: 'N',
    fuente: 'FacturaElectronica',
    descripcion:
      '[Interoperabilidad.Group.Collection.AdditionalInformation.NUMERO_CONTRATO.Value] El apartado no existe o no tiene valor en el XML del documento electrónico. Por favor verifique que la etiqueta Xml use mayúsculas y minúsculas según resolución',
    ubicacion: `${SALUD}[Name="NUMERO_CONTRATO"]/Value`,
    origen: 'Respuesta real del MUV',
    estado: 'implementada',
    significado:
      'Es un aviso: la factura no trae el número del contrato con el pagador en la extensión del sector salud. No impide obtener el CUV.',
    comoCorregir:
      'Si hay contrato con la entidad pagadora, configura su número en NUMERO_CONTRATO en el software de facturación. Revisa que el nombre de la etiqueta esté escrito exactamente así, en mayúsculas.',
  },
  {
    codigo: 'FED131',
    clase: 'N',
    fuente: 'FacturaElectronica',
    descripcion:
      '[Interoperabilidad.Group.Collection.AdditionalInformation.NUMERO_POLIZA.Value] El apartado no existe o no tiene valor en el XML del documento electrónico. Por favor verifique que la etiqueta Xml use mayúsculas y minúsculas según resolución',
    ubicacion: `${SALUD}[Name="NUMERO_POLIZA"]/Value`,
    origen: 'Respuesta real del MUV',
    estado: 'implementada',
    significado:
      'Es un aviso: la factura no trae número de póliza. Solo hace falta cuando la atención la cubre una póliza (SOAT o plan voluntario); no impide obtener el CUV.',
    comoCorregir:
      'Si la atención la cubre una póliza, configura su número en NUMERO_POLIZA en el software de facturación. Revisa que el nombre de la etiqueta esté escrito exactamente así, en mayúsculas.',
  },

  // ── Códigos propios de Radica ───────────────────────────────────────────────────────────────────────────────────
  {
    codigo: 'LIMITE_HALLAZGOS',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Hay más hallazgos de los que se muestran: Radica lista un máximo por grupo de validaciones y cuenta el resto.',
    ubicacion: '',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'El archivo tiene tantos errores que no se listan todos; la descripción del hallazgo dice cuántos faltan.',
    comoCorregir:
      'Corrige primero los errores que se muestran (a menudo es el mismo error repetido en muchos servicios) y vuelve a cargar el RIPS para ver los restantes.',
  },
  {
    codigo: 'ERROR_VALIDADOR',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Una de las validaciones locales de Radica no pudo completarse; el resto de hallazgos sí se muestra.',
    ubicacion: '',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Es una falla de Radica, no de tus archivos: una de las revisiones previas no terminó, así que puede haber errores que no se detectaron antes del envío.',
    comoCorregir:
      'No tienes que cambiar nada por este aviso. Puedes enviar el paquete al Ministerio, que hace su propia validación, y reportar el caso al soporte de Radica con el archivo.',
  },
  {
    codigo: 'PROPIEDAD_NO_DEFINIDA',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El RIPS trae una propiedad que no está definida en la estructura de la norma; el validador del Ministerio no la tendrá en cuenta.',
    ubicacion: '',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Un nombre de campo está mal escrito o sobra. Si era un dato obligatorio mal escrito, para el Ministerio ese dato no fue enviado.',
    comoCorregir:
      'Revisa el nombre de la propiedad señalada: debe escribirse exactamente como en la norma, con las mismas mayúsculas y minúsculas (por ejemplo numAutorizacion, no numAutoriacion).',
  },
  {
    codigo: 'PROPIEDAD_MAYUSCULAS',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El nombre de la propiedad no está escrito como en la norma; el validador del Ministerio lo lee sin distinguir mayúsculas de minúsculas.',
    ubicacion: '',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Un nombre de campo tiene otras mayúsculas que las de la norma (por ejemplo Servicios en vez de servicios). El validador del Ministerio lo lee igual, así que Radica lo lee así, lo revisa y lo envía con el nombre de la norma.',
    comoCorregir:
      'No impide enviar. Pide a tu software de facturación los nombres exactos de la norma (servicios, en minúscula).',
    nota: 'Decisión 050: la API local del Ministerio es ASP.NET Core, que lee el JSON con System.Text.Json en su configuración web (nombres de propiedades sin distinguir mayúsculas, según la documentación de Microsoft de JsonSerializerDefaults.Web).',
  },
  {
    codigo: 'ESTRUCTURA_RES948',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El RIPS tiene la estructura de la Resolución 2275 de 2023; por la fecha de la factura le corresponde la de la Resolución 948 de 2026.',
    ubicacion: '',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'La factura es de una fecha en que rige la nueva estructura del RIPS (Res. 948/2026), pero el archivo trae la anterior. Radica lo revisa con la estructura anterior y avisa; no impide enviar.',
    comoCorregir:
      'Pide a tu software de facturación la estructura de la Res. 948/2026: junto a cada diagnóstico CIE-10 su par CIE-11 (codDiagnostico…CIE11 y nomCodDiagnostico…CIE11, null si no se informa), sin numAutorizacion en medicamentos y con registroSIRAS para usuarios SOAT.',
    nota: 'Decisión 025: ninguna fuente muestra al Ministerio rechazando archivos con la estructura de la Res. 2275 después del cambio (un paquete real con factura del 2026-09-04 fue aceptado), así que no se bloquea el envío. La fecha del cambio está en un solo lugar (packages/fevrips schema.ts RES948_DESDE).',
  },
  {
    codigo: 'LLAVE_AUSENTE',
    clase: 'N',
    fuente: 'Rips',
    descripcion: 'La estructura de la Resolución 948 de 2026 lleva esta propiedad aunque no se informe (con null).',
    ubicacion: `${SERVICIOS}.*[].{codDiagnostico…CIE11,nomCodDiagnostico…CIE11}`,
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Falta una de las propiedades nuevas de la Res. 948/2026 (el código o el nombre CIE-11 junto a un diagnóstico CIE-10). Es un aviso: el RIPS se revisa igual.',
    comoCorregir:
      'Agrega la propiedad que indica la ruta con null si no tienes el dato (por ejemplo "codDiagnosticoRelacionado1CIE11": null). Suele pasar cuando el software escribe solo los pares CIE-11 de los diagnósticos que informa.',
    nota: 'Solo un cliente de terceros dice que la llave debe estar presente ("null si no se informa", referencia §2.11); una propiedad que admite null y falta se lee como null, así que el Ministerio bien puede aceptar el archivo: NOTIFICACION (decisión 025; antes era RVG01). Un RIPS sin ninguna llave CIE-11 se revisa con la estructura anterior (ESTRUCTURA_RES948).',
  },
  {
    codigo: 'RES948_V003',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El dato usa una codificación que el Documento Técnico 1 v003 de la Resolución 948 de 2026 cambió, según reportes de terceros que Radica no ha podido confirmar en el texto oficial.',
    ubicacion: 'usuarios[].incapacidad',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'El RIPS sigue la codificación de las primeras versiones del documento técnico de la Res. 948/2026 (por ejemplo incapacidad "SI" o "NO"); la versión 3 del 15 de julio de 2026 la cambió según varios reportes. Es un aviso: Radica lo acepta, pero el Ministerio podría rechazarlo.',
    comoCorregir:
      'En incapacidad usa 01 (sí) o 02 (no). Si tu software aún escribe SI o NO y el Ministerio acepta el RIPS, no hace falta cambiarlo; si lo rechaza por ese campo, pide a tu software la codificación 01/02.',
    nota: 'Reportes de terceros del DT1 v003 (15 de julio de 2026; referencia §9 y un validador de terceros): incapacidad codificada 01/02 de la tabla LstSiNo en lugar de SI/NO. Los generadores del DT1 v001 (4 de junio de 2026) aún escriben SI/NO. Sin el texto oficial, a lo sumo NOTIFICACION (decisión 025). Solo con la estructura de la Res. 948/2026; docs/res948-auditoria.md.',
  },
  {
    codigo: 'TABLA_REFERENCIA',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'El código no está en la tabla de referencia (CIE10 o municipios DIVIPOLA) que usa Radica; el validador del Ministerio lo revisa contra su tabla vigente.',
    ubicacion: `usuarios[].codMunicipioResidencia, ${SERVICIOS}.*[].codDiagnostico…`,
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Un código bien escrito (un diagnóstico CIE-10, un municipio) no aparece en la copia de la tabla de referencia que tiene Radica. Puede ser un código mal digitado o uno que la copia de Radica aún no tiene.',
    comoCorregir:
      'Revisa el código señalado en las Observaciones contra la tabla de referencia de SISPRO (CIE10 o Municipio). Si el código es correcto, puedes enviar: el Ministerio lo valida con su tabla vigente.',
    nota: 'Decisión 025: las copias de Radica vienen de exportaciones de terceros que pueden estar atrasadas, y la única respuesta real sobre un código ausente de un catálogo (RVC063) es una notificación; nunca se rechaza por un vacío de la copia. Un código con forma equivocada sigue siendo RVG01.',
  },
  {
    codigo: 'PRESTADOR_FACTURA',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'El código del prestador informado en el RIPS no empieza por el CODIGO_PRESTADOR de la factura electrónica.',
    ubicacion: `${SERVICIOS}.*[].codPrestador ↔ ${SALUD}[Name="CODIGO_PRESTADOR"]/Value`,
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Un servicio del RIPS dice que lo prestó un código de prestador distinto al que aparece en la factura electrónica. Es un aviso.',
    comoCorregir:
      'Revisa codPrestador en los servicios: los primeros 10 dígitos suelen ser el CODIGO_PRESTADOR de la factura y los 2 últimos la sede. Suele pasar cuando el RIPS se generó con el código de otra sede o institución.',
    nota: 'Antes se reportaba como RVC012 (rechazo). El Ministerio decide RVC012 con el NIT en REPS (ver RVC012); ninguna fuente dice que compara el código con el de la factura, así que esta comparación de Radica es solo un aviso (decisión 025). Cierto en los pares reales par1, par2 y de capitación.',
  },

  // ── Tipos de paquete (notas, RIPS sin factura, capitación): el Ministerio no publica el código de estas
  //    verificaciones, así que Radica usa códigos propios (packages/fevrips/src/rules-paquete.ts) ────────────────────
  {
    codigo: 'TIPO_NOTA',
    clase: 'N',
    fuente: 'Ambos',
    descripcion: 'El tipo de nota del RIPS (tipoNota) no corresponde al documento electrónico del paquete.',
    ubicacion: 'tipoNota ↔ tipo de documento del XML (Invoice, CreditNote, DebitNote)',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Cada servicio de carga del Ministerio espera un tipo de paquete: una factura va con un RIPS sin tipoNota, una nota crédito con tipoNota NC, una nota débito con ND, y un RIPS sin factura (RS) va sin XML. Si no coinciden, el Ministerio rechaza el paquete.',
    comoCorregir:
      'Revisa tipoNota en el RIPS: null para una factura, "NC" para una nota crédito, "ND" para una nota débito. Si el RIPS es de la factura pero cargó la nota (o al revés), carga el XML que corresponde. Un RIPS sin factura (RS) se envía sin XML.',
    nota: 'Sigue la tabla de escenarios de carga del Ministerio (referencia §1.2, guía de terceros); ninguna fuente da el nivel: NOTIFICACION (decisión 025). El simulador del MUV de Radica aplica la misma tabla al recibir el paquete (regla SIM001).',
  },
  {
    codigo: 'NUM_NOTA',
    clase: 'N',
    fuente: 'Rips',
    descripcion:
      'Las notas y los RIPS sin factura se identifican con numNota, y las notas con el número de la factura que corrigen (numFactura).',
    ubicacion: 'numNota, numFactura',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Una nota crédito, débito o de ajuste debe decir su propio número (numNota) y el de la factura que corrige (numFactura); un RIPS sin factura lleva su consecutivo en numNota y numFactura en null.',
    comoCorregir:
      'En notas, escribe en numNota el número de la nota tal como está en la DIAN (prefijo y consecutivo) y en numFactura el de la factura original. En un RIPS sin factura (RS), deja numFactura en null y escribe en numNota su consecutivo interno.',
    nota: 'Sigue la tabla de escenarios de carga (referencia §1.2) y los campos T03–T04 del DT1 v002 (transcripción de terceros); el código real del Ministerio no está publicado y el nivel no se conoce: NOTIFICACION (decisión 025).',
  },
  {
    codigo: 'NOTA_PAGO_MODERADOR',
    clase: 'N',
    fuente: 'Ambos',
    descripcion:
      'Las notas crédito y débito no incluyen pagos moderadores: el valor del pago moderador debe ser cero.',
    ubicacion: `${CON_VALOR}.valorPagoModerador, cac:PrepaidPayment/cbc:PaidAmount`,
    origen: RADICA,
    estado: 'implementada',
    significado:
      'Los copagos y cuotas moderadoras se reportan una sola vez, con la factura. Una nota crédito o débito que los repite los estaría descontando o cobrando dos veces.',
    comoCorregir:
      'En el RIPS de la nota deja valorPagoModerador en 0 y conceptoRecaudo en "05" (no aplica) en cada servicio; en el XML de la nota no incluyas cac:PrepaidPayment. Suele pasar cuando el RIPS de la nota se copia del de la factura.',
    nota: 'Regla del DT1 v002 pp. 84–85 (resumen de terceros): "las NC y ND en ningún caso incluirán valores de pagos moderadores"; el código real del Ministerio y su nivel no están publicados: NOTIFICACION (decisión 025). La otra regla de valor de esas páginas, "la suma del RIPS de la nota crédito es el valor de la nota", la revisa RVG02. "Cada servicio acreditado no supera lo facturado" necesita el RIPS de la factura, que no viaja con la nota.',
  },
  {
    codigo: 'NOTA_REFERENCIA',
    clase: 'R',
    fuente: 'FacturaElectronica',
    descripcion:
      'La nota debe referenciar la factura que corrige (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID).',
    ubicacion: 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID',
    origen: RADICA,
    estado: 'implementada',
    significado:
      'El Ministerio solo acepta notas crédito o débito que dicen a qué factura corrigen; sin esa referencia no puede relacionar la nota con la factura y su CUV.',
    comoCorregir:
      'Genera la nota desde la factura original en tu software de facturación, para que incluya la referencia (número, CUFE y fecha de la factura). Una nota sin referencia a factura no sirve para el sector salud.',
    nota: 'Según el Anexo técnico de la DIAN (CustomizationID 20 y 30: notas con referencia a factura) y la referencia §4.4; el código real del Ministerio no está publicado.',
  },
];

/** The catalogue by code (codes as written in {@link REGLAS}, upper case). */
export const REGLAS_POR_CODIGO: ReadonlyMap<string, TRegla> = new Map(REGLAS.map((r) => [r.codigo, r]));

/**
 * The catalogue entry of a finding code, or undefined when the code is not catalogued. Case-insensitive and trimmed,
 * otherwise exact: 'RVG18' (package already validated, a real MUV answer) and 'RVG018' (billing period start, from a
 * third-party transcription of DT2) are different entries, and no zero-padding variant is guessed.
 * With `paquete` (the package type: a `Cargar*` endpoint name such as 'CargarNC', e.g. a document's `servicioCarga`),
 * the entry as it applies to that package: its `porPaquete` class, source and texts replace the general ones.
 */
export function reglaDe(codigo: string, paquete?: string | null): TRegla | undefined {
  const regla = REGLAS_POR_CODIGO.get(codigo.trim().toUpperCase());
  const enPaquete = regla && paquete ? clasePaquete(regla, paquete) : undefined;
  if (!regla || !enPaquete) return regla;
  return {
    ...regla,
    clase: enPaquete.clase,
    origen: enPaquete.origen,
    significado: enPaquete.significado ?? regla.significado,
    comoCorregir: enPaquete.comoCorregir ?? regla.comoCorregir,
  };
}

/** The entry of `regla.porPaquete` for the package type `paquete` (a `Cargar*` endpoint name), if any. */
function clasePaquete(regla: TRegla, paquete: string): TClasePaquete | undefined {
  return regla.porPaquete?.find((p) => (p.paquetes as readonly string[]).includes(paquete));
}

/**
 * The class the catalogue gives `codigo` in the package type `paquete` when it has one of its own (`porPaquete`), else
 * null (the code's class is then its `clase`, whatever the package). The pre-validator applies it as it emits
 * (packages/fevrips rules-rips.ts), so a rejection is never dropped as a notice under the findings' cap.
 */
export function clasePorPaquete(codigo: string, paquete: string): 'R' | 'N' | null {
  const regla = REGLAS_POR_CODIGO.get(codigo.trim().toUpperCase());
  return (regla && clasePaquete(regla, paquete)?.clase) ?? null;
}

/** How many catalogued rules there are, by {@link TEstadoRegla}: the coverage number of. */
export function coberturaReglas(): {
  total: number;
  implementada: number;
  ministerio: number;
  pendiente: number;
} {
  const out = { total: REGLAS.length, implementada: 0, ministerio: 0, pendiente: 0 };
  for (const r of REGLAS) out[r.estado]++;
  return out;
}
