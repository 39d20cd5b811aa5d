/** Enumerations named by the seeds (seed 000 §3, seed 001 §4). */

/** tipoIdentidad with labels (seed 000 §3). */
export const TIPOS_IDENTIDAD = {
  RC: 'Registro Civil',
  TI: 'Tarjeta de Identidad',
  CC: 'Cédula de Ciudadanía',
  CE: 'Cédula de Extranjería',
  PA: 'Pasaporte',
  CN: 'Certificado de Nacido Vivo',
  CD: 'Carné Diplomático',
  SC: 'Salvo Conducto de Permanencia',
  PE: 'Permiso Especial de Permanencia',
  PT: 'Permiso por Protección Temporal',
  AS: 'Adulto sin Identificación',
  MS: 'Menor sin Identificación',
  NI: 'NIT',
} as const;
export type TTipoIdentidad = keyof typeof TIPOS_IDENTIDAD;
/** Registration offers only these (seed 000 §3). */
export const TIPOS_IDENTIDAD_REGISTRO = ['CC', 'NI', 'CE', 'PA'] as const;

export const TIPOS_PRESTADOR = {
  '01': 'Profesional Independiente',
  '02': 'IPS',
  '03': 'Objeto Social Diferente a la Prestación de Servicios de Salud',
  '04': 'Transporte Especial de Pacientes',
} as const;
export const ALCANCES = {
  D: 'Departamental',
  E: 'Nacional',
  F: 'Municipal',
  G: 'Distrital',
  H: 'Indígena',
  'N/A': 'No Aplica',
} as const;
export const TIPOS_PERSONA = { N: 'Natural', J: 'Jurídico' } as const;
export const TIPOS_ENTIDAD = { '01': 'Privada', '03': 'Mixta', '04': 'Pública' } as const;

/**
 * Document statuses and their numeric codes (seed 001 §4; DESIGN.md "The ministry flow").
 * `estado` travels as the name; `estadoInterno` as the code.
 */
export const ESTADO_CODIGOS = {
  APROBADO: 500,
  EN_ESPERA: 1,
  PENDIENTE_RIPS: 69,
  PENDIENTE_XML: 96,
  NO_APROBADO: 999,
  ANULADO: 333,
  PROCESADO: 2,
  ENPROCESO: 3,
  RECHAZADO: 998,
  ERROR: 997,
} as const;
export type TEstado = keyof typeof ESTADO_CODIGOS;
export const ESTADOS = Object.keys(ESTADO_CODIGOS) as TEstado[];

/**
 * The one set of status labels (docs/spec-deviations.md): the list, the detail, its timeline, the Excel
 * report, the e-mail replies and the chat all say these. A document with its files and no send yet (EN_ESPERA, or
 * PROCESADO after a reactivation) is 'Listo para envío', as the timeline's step; one being sent 'Enviándose'; ERROR
 * (the ministry did not answer) is not a rejection.
 */
export const ESTADO_ETIQUETAS: Record<TEstado, string> = {
  APROBADO: 'Aprobado',
  EN_ESPERA: 'Listo para envío',
  PENDIENTE_RIPS: 'Pendiente JSON',
  PENDIENTE_XML: 'Pendiente XML',
  NO_APROBADO: 'No aprobado',
  ANULADO: 'Anulado',
  PROCESADO: 'Listo para envío',
  ENPROCESO: 'Enviándose',
  RECHAZADO: 'No aprobado',
  ERROR: 'Error de envío',
};

/** Statuses from which a single document may be sent (seed 001 §4: pending, ENPROCESO, PROCESADO; rejected/error resend from detail). */
export const ESTADOS_ENVIABLES: readonly TEstado[] = ['EN_ESPERA', 'PROCESADO', 'NO_APROBADO', 'RECHAZADO', 'ERROR'];

/** Document types (seed 001 §3). */
export const TIPOS_DOCUMENTO = {
  FV: 'Factura de Venta',
  NC: 'Nota Crédito',
  ND: 'Nota Débito',
} as const;
export type TTipoDocumento = keyof typeof TIPOS_DOCUMENTO;

/** seed 001 §5 and §9: 10 MB = 10 485 760 bytes. */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** Largest JSON request body (bytes): 1 MB. Files travel as multipart up to MAX_UPLOAD_BYTES. */
export const MAX_JSON_BODY_BYTES = 1_048_576;
/** Largest id of a database row (PostgreSQL integer): a bigger number in a path or a body is a client mistake. */
export const MAX_ROW_ID = 2_147_483_647;
/** seed 001 §9. */
export const LIST_PAGE_SIZE = 15;

/**
 * The roles of a company's users (usuarios.ts says what each may do). Here so auth.ts and usuarios.ts share
 * them without importing each other.
 */
export const ROLES = ['administrador', 'facturador', 'consulta'] as const;
export type TRol = (typeof ROLES)[number];
