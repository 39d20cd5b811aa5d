/**
 * Names of the codes of the RIPS short lists (SISPRO tables, shared/notes/fevrips-reference.md §6), keyed by the
 * table name packages/fevrips uses (tables.ts RIPS_LISTS). The codes themselves are decided by packages/fevrips; these
 * are the Spanish labels the editor's selects, the spreadsheet template's 'Códigos' sheet and the patients page show.
 * Data only.
 */
export const RIPS_CODIGOS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  TipoIDPISIS: {
    AS: 'Adulto sin identificación',
    CC: 'Cédula de ciudadanía',
    CD: 'Carné diplomático',
    CE: 'Cédula de extranjería',
    CN: 'Certificado de nacido vivo',
    DE: 'Documento extranjero',
    MS: 'Menor sin identificación',
    NI: 'NIT',
    NV: 'Certificado de nacido vivo (NV)',
    PA: 'Pasaporte',
    PE: 'Permiso especial de permanencia',
    PT: 'Permiso por protección temporal',
    RC: 'Registro civil',
    SC: 'Salvoconducto',
    SI: 'Sin identificación',
    TI: 'Tarjeta de identidad',
  },
  RIPSTipoUsuarioVersion2: {
    '01': 'Contributivo cotizante',
    '02': 'Contributivo beneficiario',
    '03': 'Contributivo adicional',
    '04': 'Subsidiado',
    '05': 'No afiliado',
    '06': 'Especial o Excepción cotizante',
    '07': 'Especial o Excepción beneficiario',
    '08': 'Personas privadas de la libertad a cargo del Fondo Nacional de Salud',
    '09': 'Tomador/Amparado ARL',
    '10': 'Tomador/Amparado SOAT',
    '11': 'Tomador/Amparado planes voluntarios de salud',
    '12': 'Particular',
    '13': 'Especial o Excepción no cotizante Ley 352 de 1997',
  },
  Sexo: { M: 'Masculino', F: 'Femenino', I: 'Indeterminado' },
  SexoBiologico: { '01': 'Hombre', '02': 'Mujer', '03': 'Indeterminado' },
  ZonaVersion2: { '01': 'Rural', '02': 'Urbano' },
  LstSiNo: { SI: 'Sí', NO: 'No' },
  ModalidadAtencion: {
    '01': 'Intramural',
    '02': 'Extramural unidad móvil',
    '03': 'Extramural domiciliaria',
    '04': 'Extramural jornada de salud',
    '06': 'Telemedicina interactiva',
    '07': 'Telemedicina no interactiva',
    '08': 'Telemedicina telexperticia',
    '09': 'Telemedicina telemonitoreo',
  },
  GrupoServicios: {
    '01': 'Consulta externa',
    '02': 'Apoyo diagnóstico y complementación terapéutica',
    '03': 'Internación',
    '04': 'Quirúrgico',
    '05': 'Atención inmediata',
  },
  RIPSFinalidadConsultaVersion2: {
    '11': 'Valoración integral para la promoción y mantenimiento',
    '12': 'Detección temprana de enfermedad general',
    '13': 'Detección temprana de enfermedad laboral',
    '14': 'Protección específica',
    '15': 'Diagnóstico',
    '16': 'Tratamiento',
    '17': 'Rehabilitación',
    '18': 'Paliación',
    '19': 'Planificación familiar y anticoncepción',
    '20': 'Promoción y apoyo a la lactancia materna',
    '21': 'Atención básica de orientación familiar',
    '22': 'Atención para el cuidado preconcepcional',
    '23': 'Atención para el cuidado prenatal',
    '24': 'Interrupción voluntaria del embarazo',
    '25': 'Atención del parto y puerperio',
    '26': 'Atención para el cuidado del recién nacido',
    '27': 'Atención para el seguimiento del recién nacido',
    '28': 'Preparación para la maternidad y la paternidad',
    '29': 'Promoción de actividad física',
    '30': 'Promoción de la cesación del tabaquismo',
    '31': 'Prevención del consumo de sustancias psicoactivas',
    '32': 'Promoción de la alimentación saludable',
    '33': 'Promoción para el ejercicio de los derechos sexuales y reproductivos',
    '34': 'Promoción para el desarrollo de habilidades para la vida',
    '35': 'Promoción para la construcción de estrategias de afrontamiento frente a sucesos vitales',
    '36': 'Promoción de la sana convivencia y el tejido social',
    '37': 'Promoción de un ambiente seguro y de cuidado y protección del ambiente',
    '38': 'Promoción del empoderamiento para el ejercicio del derecho a la salud',
    '39': 'Promoción para la adopción de prácticas de crianza y cuidado para la salud',
    '40': 'Promoción de la capacidad de la agencia y cuidado de la salud',
    '41': 'Desarrollo de habilidades cognitivas',
    '42': 'Intervención colectiva',
    '43': 'Modificación de la estética corporal (fines estéticos)',
    '44': 'Otra',
  },
  RIPSCausaExternaVersion2: {
    '21': 'Accidente de trabajo',
    '22': 'Accidente en el hogar',
    '23': 'Accidente de tránsito de origen común',
    '24': 'Accidente de tránsito de origen laboral',
    '25': 'Accidente en el entorno educativo',
    '26': 'Otro tipo de accidente',
    '27': 'Evento catastrófico de origen natural',
    '28': 'Lesión por agresión',
    '29': 'Lesión autoinfligida',
    '30': 'Sospecha de violencia física',
    '31': 'Sospecha de violencia psicológica',
    '32': 'Sospecha de violencia sexual',
    '33': 'Sospecha de negligencia y abandono',
    '34': 'IVE relacionado con peligro a la salud o vida de la mujer',
    '35': 'IVE por malformación congénita incompatible con la vida',
    '36': 'IVE por violencia sexual, incesto o por inseminación artificial o transferencia de óvulo fecundado no consentida',
    '37': 'Evento adverso en salud',
    '38': 'Enfermedad general',
    '39': 'Enfermedad laboral',
    '40': 'Promoción y mantenimiento de la salud – intervenciones individuales',
    '41': 'Intervención colectiva',
    '42': 'Atención de población materno perinatal',
    '43': 'Riesgo ambiental',
    '44': 'Otros eventos catastróficos',
    '45': 'Accidente de mina antipersonal – MAP',
    '46': 'Accidente de artefacto explosivo improvisado – AEI',
    '47': 'Accidente de munición sin explotar – MUSE',
    '48': 'Otra víctima de conflicto armado colombiano',
    '49': 'IVE por decisión de la persona gestante hasta la semana 24',
  },
  RIPSTipoDiagnosticoPrincipalVersion2: {
    '01': 'Impresión diagnóstica',
    '02': 'Confirmado nuevo',
    '03': 'Confirmado repetido',
  },
  ViaIngresoUsuario: {
    '01': 'Demanda espontánea',
    '02': 'Derivado de consulta externa',
    '03': 'Derivado de urgencias',
    '04': 'Derivado de hospitalización',
    '05': 'Derivado de sala de cirugía',
    '06': 'Derivado de sala de partos',
    '07': 'Recién nacido en la institución',
    '08': 'Recién nacido en otra institución',
    '09': 'Derivado o referido de hospitalización domiciliaria',
    '10': 'Derivado de atención domiciliaria',
    '11': 'Derivado de telemedicina',
    '12': 'Derivado de jornada de salud',
    '13': 'Referido de otra institución',
    '14': 'Contrarreferido de otra institución',
  },
  CondicionyDestinoUsuarioEgreso: {
    '01': 'Paciente con destino a su domicilio',
    '02': 'Paciente muerto',
    '03': 'Paciente derivado a otro servicio',
    '04': 'Referido a otra institución',
    '05': 'Contrarreferido a otra institución',
    '06': 'Derivado o referido a hospitalización domiciliaria',
    '07': 'Derivado a servicio social',
    '08': 'Continúa en el servicio (corte de facturación)',
  },
  ConceptoRecaudo: {
    '01': 'Copago',
    '02': 'Cuota moderadora',
    '03': 'Pagos compartidos en planes voluntarios de salud',
    '04': 'Anticipo',
    '05': 'No aplica',
  },
  TipoNota: {
    NA: 'Nota de ajuste RIPS',
    NC: 'Nota crédito',
    ND: 'Nota débito',
    RS: 'RIPS sin factura',
  },
  TipoMedicamentoPOSVersion2: {
    '01': 'Medicamento con registro sanitario',
    '02': 'Medicamento vital no disponible',
    '03': 'Preparación magistral',
    '04': 'Medicamento de uso no incluido en el registro sanitario (UNIRS)',
    '05': 'Medicamento por autorización sanitaria de uso de emergencia (ASUE)',
  },
  TipoOtrosServicios: {
    '01': 'Dispositivos médicos e insumos',
    '02': 'Traslados',
    '03': 'Estancias',
    '04': 'Servicios complementarios',
    '05': 'Honorarios',
  },
};

/** The service lists of a RIPS usuario (Res. 2275/2023), in the ministry's spelling, with their Spanish names. */
export const RIPS_TIPOS_SERVICIO = {
  consultas: 'Consultas',
  procedimientos: 'Procedimientos',
  urgencias: 'Urgencias',
  hospitalizacion: 'Hospitalización',
  recienNacidos: 'Recién nacidos',
  medicamentos: 'Medicamentos',
  otrosServicios: 'Otros servicios',
} as const;
export type TTipoServicioRips = keyof typeof RIPS_TIPOS_SERVICIO;

/**
 * Medication fields the ministry expects null for tipoMedicamento 01, 02 and 04 (RVC065, a real MUV answer: "… puede
 * informar null"; formaFarmaceutica was not noted). One list for the engine's rule and the editor, which leaves them
 * empty when a medicine of those types is picked from the catalogue.
 */
export const RVC065_CAMPOS = ['nomTecnologiaSalud', 'concentracionMedicamento', 'unidadMedida'] as const;
/** The tipoMedicamento codes of {@link RVC065_CAMPOS}. */
export const RVC065_TIPOS: readonly string[] = ['01', '02', '04'];

/**
 * The codes of a table with their names, in code order: numeric codes by number ('01' … '13'), the others as written.
 * (`Object.entries` of a table lists the codes that look like array indexes first: '10' … '13' before '01'.)
 */
export function opcionesDe(tabla: string): { codigo: string; nombre: string }[] {
  const entries = Object.entries(RIPS_CODIGOS[tabla] ?? {}).map(([codigo, nombre]) => ({ codigo, nombre }));
  return entries.every((e) => /^\d+$/.test(e.codigo)) ? entries.sort((a, b) => Number(a.codigo) - Number(b.codigo) || a.codigo.localeCompare(b.codigo)) : entries;
}
