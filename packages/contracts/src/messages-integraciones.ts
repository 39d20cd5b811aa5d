/**
 * The integrations domain of the Spanish catalogue (API keys, the API channel). All Radica's own texts. Each
 * text is defined once in the whole catalogue (index-check.test.ts).
 */
export const MSG_INTEGRACIONES = {
  apiKeyInvalida: 'La clave de API no es válida, expiró o fue revocada.',
  apiKeyNoPermitida: 'Una clave de API no puede usar esta función: inicia sesión en Radica.',
  apiKeyCreada: 'Clave creada. Cópiala ahora: no la volverás a ver.',
  apiKeyRevocada: 'Clave revocada: deja de funcionar de inmediato.',
  apiKeyNoEncontrada: 'No se encontró esa clave de API.',
  apiKeyLimite: (max: number) => `Tienes ${max} claves activas: revoca una antes de crear otra.`,
  idempotenciaConflicto:
    'Ya se usó esa Idempotency-Key con otro contenido. Usa una clave nueva para cada paquete distinto.',
  idempotenciaEnCurso: 'Una solicitud con esa Idempotency-Key aún está en curso. Vuelve a intentarlo en unos segundos.',
  paqueteSinArchivos: 'El paquete no trae archivos: envía el XML (xmlFevFile) o el RIPS (rips), o los dos.',
  /** A multipart filing names its own parts, never the JSON body's xmlFevFile. */
  paqueteSinPartes: (recibidas: readonly string[]) =>
    `El multipart no trae las partes de archivo xml ni rips${recibidas.length ? ` (llegaron: ${recibidas.join(', ')})` : ''}. Envía el XML de la factura en la parte xml y el RIPS en la parte rips (campo opcional enviar), o un JSON { xmlFevFile, rips }.`,
  /**
   * A file whose document already holds it, sent again by e-mail or SFTP: already radicated, with its CUV when
   * the ministry approved it (what the API's 409 FORMATO_EXISTS answers in its data), never only 'Formato Ya Existe'.
   */
  yaRadicado: (formato: string, estado: string, cuv: string | null) =>
    cuv
      ? `El documento ${formato} ya está radicado: el Ministerio lo aprobó con el CUV ${cuv}. No se cargó de nuevo.`
      : `El documento ${formato} ya tiene ese archivo en Radica (estado: ${estado}). No se cargó de nuevo: para reemplazarlo, quítalo del documento en Radica y envíalo otra vez.`,
  paqueteBase64Invalido: 'xmlFevFile no es un texto Base64 válido del XML de la factura.',
  paqueteEnviado: 'Paquete enviado al Ministerio.',
  envioAsincronoBusiness:
    'El envío asíncrono (enviar=async) es del plan Business. Usa enviar=true para enviarlo y esperar el resultado, o escríbenos para cambiar de plan.',
  paqueteEncolado:
    'Envío en cola: el resultado del Ministerio llegará al webhook de resultados y se consulta con GET /api/v1/paquetes/{id}.',
  /** Settings › Integraciones (web): the API keys card. */
  tabIntegraciones: 'Integraciones',
  clavesTitulo: 'Claves de API',
  clavesDescripcion:
    'Con una clave, tu sistema (HIS, software de facturación) radica paquetes en Radica sin iniciar sesión. Cada clave pertenece a tu empresa y se puede revocar en cualquier momento.',
  clavesVacio: 'Aún no tienes claves de API',
  clavesVacioAyuda: 'Crea una para que tu sistema radique paquetes por la API.',
  clavesErrorCarga: (detalle: string) => `No se pudieron cargar las claves de API: ${detalle}`,
  clavesLista: 'Claves de API de tu empresa',
  crearClave: 'Crear clave',
  crearClaveEnviar: 'Crear la clave',
  campoNombreClave: 'Nombre de la clave',
  campoNombreClaveAyuda: 'Para reconocerla después, por ejemplo el sistema que la usará: «HIS principal».',
  campoVigencia: 'Vigencia (días)',
  campoVigenciaAyuda: (max: number, defecto: number) =>
    `Entre 1 y ${max} días (${defecto} por defecto). Al vencer, la clave deja de funcionar.`,
  columnaPrefijo: 'Prefijo',
  columnaCreada: 'Creada',
  columnaVence: 'Vence',
  columnaUltimoUso: 'Último uso',
  columnaEstadoClave: 'Estado de la clave',
  usoNunca: 'Nunca',
  estadoActiva: 'Activa',
  estadoRevocada: 'Revocada',
  estadoVencida: 'Vencida',
  nuevaClaveTitulo: 'Tu nueva clave de API',
  nuevaClaveEtiqueta: 'Clave de API',
  copiarClave: 'Copiar clave',
  claveCopiada: 'Clave copiada al portapapeles',
  claveNoCopiada: 'No se pudo copiar: selecciona la clave y cópiala a mano.',
  cerrarNuevaClave: 'Ya la guardé, cerrar',
  revocar: 'Revocar',
  revocarClaveDe: (nombre: string) => `Revocar la clave ${nombre}`,
  revocarTitulo: '¿Revocar esta clave de API?',
  revocarExplicacion: (nombre: string) =>
    `La clave «${nombre}» dejará de funcionar de inmediato: los sistemas que la usan recibirán un error 401. Esto no se puede deshacer.`,
  revocarConfirmar: 'Sí, revocar',
  usoTitulo: 'Cómo usar una clave',
  usoEncabezado: 'Envía la clave en el encabezado Authorization de cada solicitud:',
  usoRadicar: 'Para radicar un paquete, envía el XML y el RIPS en un multipart (partes xml y rips) a:',
  usoEnviar:
    'Agrega el campo enviar=true para enviarlo al Ministerio de inmediato, y un encabezado Idempotency-Key distinto por paquete para que un reintento no lo radique dos veces.',
  /** The API's asynchronous send (decision 040; Business). */
  usoAsincrono:
    'Con el plan Business, enviar=async no espera al Ministerio: la llamada responde 202 de inmediato con el id del documento, el envío queda en cola y el resultado llega a tu webhook de resultados y a la consulta de estado. En el plan Profesional responde 403.',
  usoEjemploAsincrono: 'El mismo paquete, sin esperar al Ministerio (plan Business):',
  usoConsultar: 'Consulta el estado y el resultado del Ministerio (CUV o errores) con:',
  usoJson:
    'También acepta JSON, como la API del Ministerio: { "xmlFevFile": XML en Base64, "rips": objeto RIPS, "enviar": true } (o "enviar": "async").',
  usoEjemplo: 'Ejemplo con curl:',
  /** Integraciones links the OpenAPI reference served at /api/docs. */
  usoReferencia: 'La referencia completa de cada llamada, con ejemplos, está en la documentación de la API:',
  documentacionApi: 'Documentación de la API (OpenAPI)',
  usoLimites:
    'Una clave solo sirve para los documentos: no puede administrar la cuenta, las claves ni los pagos.',
  /** The documents' channel on the ministry screens. */
  canal: 'Canal',
  todosLosCanales: 'Todos los canales',
} as const;

export type TMsgIntegracionesKey = keyof typeof MSG_INTEGRACIONES;
