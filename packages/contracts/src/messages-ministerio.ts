import { countOf } from './plural.ts';

/** A size in MB as Colombia writes it (one decimal at most: 9,5 / 200). */
const mb = (n: number) => n.toLocaleString('es-CO', { maximumFractionDigits: 1 });

/**
 * The ministry-reports domain of the Spanish catalogue: what the server answers (seed 001 §4, §5, §8; the operator
 * command and the jobs are Radica's own) and the screen texts of the list, the detail and the new report. Each text is
 * defined once in the whole catalogue (index-check.test.ts); the upload and send texts the API shares with other
 * areas live in `MSG` (messages.ts).
 */
export const MSG_MINISTERIO = {
  /** seed 001 §8 (info and success toasts). */
  anulado: 'Documento anulado exitosamente',
  reactivado: 'Documento reactivado exitosamente',
  /** seed 001 §5 "Send, activate, save". */
  reactivarSinArchivos: 'No se puede reactivar: el documento debe tener al menos un archivo cargado (XML o JSON)',
  /** seed 001 §4: cancel is not allowed on cancelled or accepted documents. */
  anularNoPermitido: 'No se puede anular: el documento ya está anulado o aprobado',
  reactivarNoPermitido: 'Solo se pueden reactivar documentos anulados',
  /** seed 001 §4 "Deleting a file … may report documentoAnulado". */
  archivoEliminado: (tipo: 'XML' | 'JSON') => `Archivo ${tipo} eliminado`,
  documentoAnuladoSinArchivos: 'El documento ha sido anulado por no tener archivos. Puede agregar archivos para reactivarlo.',
  archivoNoExiste: (tipo: 'XML' | 'JSON') => `El documento no tiene archivo ${tipo}`,
  aprobadoNoEditable: 'Un documento aprobado no se puede modificar, reenviar ni anular',
  tipoArchivoInvalido: 'tipoArchivo debe ser xml o json',
  /** seed 001 §5 "Bulk actions". */
  listaFormatosRequerida: 'Lista de formatos es requerida',
  formatoRequerido: 'Formato es requerido',
  /** The list's page cursor (docs/decisions/052): altered, made for another company, or not one of Radica's. */
  cursorInvalido: 'El cursor de la página no es válido. Vuelve a la primera página de la lista.',
  sinEstadoValidoEnvio:
    'No hay documentos con estado válido para envío (procesado, rechazado o error) en los formatos seleccionados',
  noHayDocumentosSeleccionados: 'No hay documentos seleccionados',
  demasiadosFormatos: 'Se pueden consultar como máximo 10000 formatos por solicitud',
  colaNoDisponible: 'La cola de envíos no está disponible en este momento. Intenta de nuevo.',
  envioMasivoEncolado: (n: number) => `${countOf(n, 'documento', 'documentos')} en cola de envío al Ministerio`,
  /** seed 001 §8 sync toasts. */
  sincronizacionSinDatos: 'Sincronización completada sin nuevos datos',
  sincronizacionCompletada: (n: number) =>
    `Sincronización completada: ${countOf(n, 'registro guardado', 'registros guardados')}`,
  sincronizarSoloAprobados: 'Solo se puede sincronizar un documento aprobado con CUV',
  formatoNoEncontrado: 'No se encontró un documento con ese formato',
  /** Operator command. */
  operadorNoAutorizado: 'Credencial de operador inválida',
  usuarioNoEncontrado: (email: string) => `No existe un usuario con el correo ${email}`,
  moduloInvalido: (m: string) => `Módulo desconocido: ${m} (usa ministerio, facturacion, marketing o automatizaciones)`,
  moduloOtorgado: (email: string, modulos: string[], hasta?: string | null) =>
    `Módulos otorgados a ${email}: ${modulos.join(', ')}${hasta ? ` (vigentes hasta el ${hasta})` : ''}`,

  // ---- screen texts of the ministerio area (seed 001 §2, §5, §8; Radica's own where marked)
  // seed 001 §8 — list screen toasts
  detailsLoadError: 'Error al cargar detalles del documento',
  detailsGetError: 'Error al obtener los detalles del documento',
  sendDocumentError: (reason: string) => `Error al enviar documento: ${reason}`,
  documentSent: 'Documento enviado exitosamente',
  cuvCopiedShort: 'CUV copiado',
  clipboardError: 'Error al copiar al portapapeles',
  noInfoForDocument: 'No se encontró información para este documento',
  downloadAnswerError: (reason: string) => `Error al descargar respuesta: ${reason}`,
  answerDownloaded: 'Respuesta descargada exitosamente',
  noReportData: 'No se encontraron datos para el informe',
  reportError: 'Error generando informe',
  excelError: 'Error generando archivo Excel',
  zipError: 'Error generando archivo ZIP con respuestas del ministerio',
  noAnswersFound: 'No se encontraron respuestas del ministerio para los documentos seleccionados',
  bulkSendError: 'Error en envío masivo',
  bulkSendFailed: (n: number) => `Envío masivo falló: ${n} documentos no pudieron ser enviados`,
  savedConfigError: 'Error al procesar la configuración guardada',
  syncFormatoError: 'Error sincronizando información del formato',

  // seed 001 §8 — detail screen toasts
  reactivateError: (message: string) => `Error al reactivar documento: ${message}`,
  uploadFilesError: (kinds: string) => `Error subiendo archivos: ${kinds}`,
  activateError: (message: string) => `Error al activar documento: ${message}`,
  saveError: 'Error al guardar el documento',
  saveAndSendError: (message: string) => `Error al guardar y enviar: ${message}`,
  syncError: (message: string) => `Error al sincronizar información: ${message}`,
  cancelError: (message: string) => `Error al anular documento: ${message}`,
  noIdAfterSave: 'No se pudo obtener el ID del documento después del guardado',
  saved: 'Documento guardado exitosamente',
  savedAndActivated: 'Documento guardado y activado exitosamente',
  fileRemoved: (tipo: 'XML' | 'JSON') => `Archivo ${tipo} eliminado`,
  /** Radica: the seed says the sync success message shows the number of saved records. */
  syncDone: (n: number) => `Sincronización completada: ${countOf(n, 'registro guardado', 'registros guardados')}.`,

  /** Radica: the seed says the success toast shows the CUV and the number of notifications. */
  sentDescription: (cuv: string, notificaciones: number) =>
    `CUV: ${cuv} · ${countOf(notificaciones, 'notificación', 'notificaciones')}`,

  // seed 001 §5 — send, activate, save, sync, bulk
  activateNeedsFile: 'Debe agregar al menos un archivo (XML o JSON) para poder activar el documento',
  saveAndSendNeedsFile: 'Debe cargar al menos un archivo para guardar y enviar',
  syncNeedsFormato: 'No se puede sincronizar: formato no disponible',
  noValidFormatos: 'No hay formatos válidos seleccionados',
  noValidFormatosReport: 'No hay formatos válidos para generar el informe',
  noApprovedInSelection: 'No hay documentos aprobados en los formatos seleccionados',

  // seed 001 §2 — list
  selectedCount: (n: number) => `${n} documento(s) seleccionado(s)`,
  allResults: '(todos los resultados)',
  sendSelected: 'Enviar Seleccionados',
  downloadReport: 'Descargar Informe',
  downloadAnswers: 'Descargar Respuestas',
  clearSelection: 'Limpiar Selección',
  newReport: 'Nuevo Reporte',
  clearFilters: 'Limpiar filtros',
  errorsPanelTitle: 'Errores del documento',
  detailsPanelTitle: 'Detalles del documento',
  // Radica: labels of the list and the panels
  searchLabel: 'Buscar documentos',
  filterType: 'Tipo de documento',
  filterStatus: 'Estado',
  filterCreated: 'Fecha de creación',
  filterFiled: 'Fecha de radicación',
  allTypes: 'Todos',
  allStatuses: 'Todos (sin anulados)',
  pickRange: 'Seleccionar rango',
  /** Radica: the date filters write dd/mm/aaaa and refuse a reversed range. */
  datePlaceholder: 'dd/mm/aaaa',
  dateInvalid: 'Fecha inválida: escríbela como dd/mm/aaaa.',
  dateRangeReversed: 'La fecha inicial no puede ser posterior a la fecha final.',
  selectAll: 'Seleccionar todos los resultados',
  selectRow: (formato: string) => `Seleccionar ${formato}`,
  bulkQueued: (n: number) => `${countOf(n, 'documento', 'documentos')} en cola para envío al Ministerio`,
  bulkSkipped: (n: number) => `${countOf(n, 'documento omitido', 'documentos omitidos')} por su estado`,
  bulkProgress: (n: number) => `Enviándose ${countOf(n, 'documento', 'documentos')} al Ministerio...`,
  excelDownloaded: 'Informe descargado exitosamente',
  zipDownloaded: (n: number) =>
    n === 1 ? '1 respuesta del ministerio descargada' : `${n} respuestas del ministerio descargadas`,
  errorsCount: (n: number) => `Errores (${n})`,
  notificationsCount: (n: number) => `Notificaciones (${n})`,

  // seed 001 §2, §4 — detail and new report
  cancelButton: 'Anular',
  activateAndSave: 'Activar y Guardar',
  saveButton: 'Guardar',
  saveAndResend: 'Guardar y Reenviar al Ministerio',
  cancelConfirmTitle: 'Anular documento',
  cancelConfirmText:
    'El estado del documento cambiará a ANULADO. Podrás encontrarlo con el filtro "Anulados" y revertir la anulación desde el detalle del documento.',
  removeFileTitle: (tipo: 'XML' | 'JSON') => `Eliminar archivo ${tipo}`,
  removeFileText: (tipo: 'XML' | 'JSON') =>
    `¿Quieres eliminar el archivo ${tipo} de este documento? Tendrás que cargarlo de nuevo para enviar el reporte.`,
  saveNoFilesTitle: 'Documento sin archivos',
  saveNoFilesText:
    'El documento no tiene archivos. Si continúas, el documento quedará anulado automáticamente. ¿Quieres continuar?',
  confirm: 'Confirmar',
  cancelAction: 'Cancelar',
  prevalidacionTitle: 'Prevalidación',
  prevalidacionEmpty: 'La prevalidación local no encontró errores ni notificaciones.',
  /** A code found several times is one card with its count and where it was found. */
  hallazgoVeces: (n: number) => `${n} veces`,
  /**
   * A RIPS over the ministry's limit for one JSON (reference §9: 200 MB reported), refused on upload with what to do
   * (sizes in MB to one decimal, the file's rounded up and the limit's down, so the file never reads as within it).
   */
  ripsExcedeLimite: (archivoMb: number, limiteMb: number) =>
    `El RIPS pesa ${mb(archivoMb)} MB y supera el límite del Ministerio para un archivo JSON (${mb(limiteMb)} MB): el Ministerio lo rechazaría después de recibirlo completo. Divide los servicios en varias facturas electrónicas, cada una con su propio RIPS (por ejemplo por periodo o por grupo de usuarios), y carga cada par por separado.`,
  /** A rule whose class depends on the package type (docs/decisions/049): its class in this document's type. */
  hallazgoClasePaquete: (paquete: string, clase: 'R' | 'N') =>
    clase === 'R'
      ? `En un paquete de tipo «${paquete}» el Ministerio rechaza este código: no emite el CUV hasta que lo corrijas.`
      : `En un paquete de tipo «${paquete}» este código es un aviso: no impide obtener el CUV.`,
  hallazgoClaseFuente: (origen: string) => `Fuente: ${origen}.`,
  hallazgoDonde: (n: number) => `Ver dónde (${countOf(n, 'lugar', 'lugares')})`,
  /** The local findings that the ministry's answer already shows are not repeated under Prevalidación. */
  prevalidacionRepetidos: (n: number) =>
    `${countOf(n, 'hallazgo de la prevalidación coincide', 'hallazgos de la prevalidación coinciden')} con la respuesta del Ministerio y no se repite${n === 1 ? '' : 'n'} aquí.`,
  prevalidacionConfirmTitle: 'La prevalidación encontró errores',
  prevalidacionConfirmText: (n: number) =>
    `La prevalidación local encontró ${countOf(n, 'error', 'errores')} que el Ministerio probablemente rechazará. ¿Quieres enviar el documento de todos modos?`,
  sendAnyway: 'Enviar de todos modos',
  sentSummaryTitle: 'Resumen del reporte enviado',
  syncButton: 'Sincronizar con el Ministerio',
  sendHintNoFiles: 'Carga el archivo XML y el archivo JSON para poder enviar el reporte.',
  sendHintNoXml: 'Falta el archivo XML (factura electrónica) para poder enviar el reporte.',
  sendHintNoJson: 'Falta el archivo JSON (RIPS) para poder enviar el reporte.',
  filesCardTitle: 'Archivos del reporte',
  summaryCardTitle: 'Resumen',
  viewFullDetail: 'Ver detalle completo',

  /** Radica: the public page and its answers. */
  cuvConsultaTitulo: 'Consultar un CUV',
  cuvConsultaIntro:
    'Verifica con el Ministerio de Salud un Código Único de Validación (CUV): escribe los 96 caracteres y consulta la factura que ampara.',
  cuvConsultaCampo: 'Código Único de Validación (CUV)',
  cuvConsultaBoton: 'Consultar',
  cuvConsultando: 'Consultando...',
  cuvNoEncontrado: 'El Ministerio no tiene registrado ese CUV. Revisa que esté completo y sin espacios.',
  cuvValido: 'CUV válido: el Ministerio validó este documento.',
  cuvNoValido: 'El Ministerio registra este CUV, pero no como válido.',
  /** Radica: a document in ERROR has no findings because the ministry never answered. */
  credencialesRechazadasTitulo: 'El Ministerio rechazó las credenciales del validador',
  errorSinRespuesta: (fecha: string) =>
    `El Ministerio no respondió al último envío (${fecha}): no es un problema de tus archivos. Puedes reenviarlo más tarde.`,
  cuvConsultaNoDisponible:
    'No se pudo consultar el CUV con el Ministerio en este momento. Intenta de nuevo en unos minutos.',
  /** Radica (phone): the list's filters fold behind this toggle; the count of those in use. */
  filtersToggle: 'Filtros',
  filtersToggleActive: (n: number) => `Filtros (${n})`,
  /** The words beside a phone card's action icons (each a part of the action's accessible name). */
  rowActionSend: 'Enviar',
  rowActionDownloadAnswer: 'Descargar respuesta',
  /** Radica: a JSON shaped as the ministry's CargarFevRips request body `{ rips, xmlFevFile }`. */
  cuerpoCargado: (archivos: readonly ('xml' | 'json')[]) =>
    archivos.length === 2
      ? 'El archivo es el cuerpo de la petición CargarFevRips del Ministerio: se cargaron su XML (xmlFevFile) y su RIPS (rips).'
      : archivos.length === 0
        ? 'El archivo es el cuerpo de la petición CargarFevRips del Ministerio: el documento ya tenía ese XML, no se cargó nada nuevo.'
        : archivos[0] === 'xml'
        ? 'El archivo es el cuerpo de la petición CargarFevRips del Ministerio: se cargó su XML (xmlFevFile); el documento ya tenía su RIPS.'
        : 'El archivo es el cuerpo de la petición CargarFevRips del Ministerio: se cargó su RIPS (rips).',
  cuerpoVacio:
    'El archivo es el cuerpo de la petición CargarFevRips del Ministerio, pero trae rips y xmlFevFile vacíos. Carga el XML de la factura y el JSON de los RIPS por separado, o un cuerpo con los dos.',
  cuerpoBase64Invalido:
    'El archivo es el cuerpo de la petición CargarFevRips del Ministerio, pero su xmlFevFile no es un texto Base64 válido del XML de la factura. Carga el XML por separado en su casilla.',
  cuerpoParteFallo: (parte: 'XML' | 'RIPS', motivo: string) =>
    `El archivo es el cuerpo de la petición CargarFevRips del Ministerio; su ${parte} no se pudo cargar: ${motivo}`,
  /**
   * Radica (replaces seed 001 §5 'Error enviando documento al ministerio (N errores)', docs/spec-deviations.md):
   * the ministry's rejection is not a send error. Said once: the count only when the answer counted errors.
   */
  rechazoMinisterio: (errores: number) =>
    errores > 0 ? `El Ministerio rechazó el documento: ${countOf(errores, 'error', 'errores')}` : 'El Ministerio rechazó el documento',
  /**
   * Radica: the bulk send asks first, says which selected documents it leaves out and why, and sums up the
   * outcome when the batch ends. `motivoOmision` is the one reason text, for the server's `detalleOmitidos` and for
   * the rows the web leaves out by their known status.
   */
  envioMasivoConfirmarTitulo: (n: number) => `¿Enviar ${countOf(n, 'documento', 'documentos')} al Ministerio?`,
  envioMasivoConfirmarTexto:
    'Cada documento se envía al validador del Ministerio con tus credenciales; el resultado aparece en la lista y te avisamos cuando termine el lote.',
  envioMasivoSeOmiten: 'No se enviarán:',
  yMas: (n: number) => `y ${n} más`,
  motivoOmision: (causa: string) =>
    causa === 'APROBADO'
      ? 'ya fue aprobado por el Ministerio y tiene CUV'
      : causa === 'ANULADO'
        ? 'está anulado'
        : causa === 'PENDIENTE_RIPS' || causa === 'PENDIENTE_XML' || causa === 'FALTAN_ARCHIVOS'
          ? 'le falta un archivo'
          : causa === 'EN_CURSO' || causa === 'ENPROCESO'
            ? 'ya se está enviando'
            : causa === 'NO_ENCONTRADO'
              ? 'no se encontró'
              : `su estado (${causa}) no permite enviarlo`,
  envioMasivoOmitidos: (omitidos: readonly { formato: string; motivo: string }[]) =>
    `${omitidos.length === 1 ? 'No se envió' : 'No se enviaron'} ${countOf(omitidos.length, 'documento', 'documentos')}: ${omitidos
      .slice(0, 5)
      .map((o) => `${o.formato || 'sin formato'} (${o.motivo})`)
      .join('; ')}${omitidos.length > 5 ? ` y ${omitidos.length - 5} más` : ''}.`,
  envioMasivoTerminado: (r: { aprobados: number; noAprobados: number; sinEnviar: number; sinRespuesta?: number }) =>
    `Envío masivo terminado: ${countOf(r.aprobados, 'aprobado', 'aprobados')}, ${countOf(r.noAprobados, 'no aprobado', 'no aprobados')}${r.sinEnviar > 0 ? `, ${countOf(r.sinEnviar, 'sin enviar', 'sin enviar')}` : ''}${r.sinRespuesta ? `, ${countOf(r.sinRespuesta, 'sin respuesta del Ministerio (Radica lo reintenta)', 'sin respuesta del Ministerio (Radica los reintenta)')}` : ''}.`,
  envioMasivoTerminadoDetalle: (noAprobados: readonly string[]) =>
    noAprobados.length ? `Revisa: ${noAprobados.slice(0, 5).join(', ')}${noAprobados.length > 5 ? ` y ${noAprobados.length - 5} más` : ''}.` : '',
  /** Radica: the list of an account with no documents and no filter set (not 'ajusta los filtros'). */
  listaVaciaTitulo: 'Aún no tienes documentos',
  listaVaciaTexto:
    'Crea el primero con «Nuevo Reporte»: carga el XML de la factura y su RIPS (JSON), o el cuerpo CargarFevRips con los dos. También pueden llegar por correo, SFTP o la API (Configuración › Canales). Los documentos anulados se ven con el filtro Estado › Anulado.',
  /**
   * Radica (docs/decisions/047): an answer that is not the ministry's verdict (TOT003, a 5xx, the local API's error text,
   * a time-out…) is never shown as a rejection. The words of a wait when the ministry said none of its own:
   */
  muvSinRespuestaTiempo: (s: number) => `Sin respuesta del validador en ${s.toLocaleString('es-CO', { maximumFractionDigits: 1 })} s`,
  muvConexionRechazada: (codigo: string) => `El validador rechazó la conexión (${codigo})`,
  muvConexionCortada: (detalle: string) => `Se cortó la conexión con el validador (${detalle})`,
  muvRespuestaHttp: (status: number) => `El validador respondió HTTP ${status} sin resultado`,
  muvRespuestaSinVeredicto: 'El Ministerio respondió sin CUV y sin hallazgos de rechazo',
  /** The wait's title, its next retry (Bogotá time) and what the send answers while it lasts. */
  ministerioNoRespondio: 'El Ministerio no respondió',
  reintentaremosALas: (hora: string) => `Reintentaremos a las ${hora}`,
  esperaSinReintento: 'Sin más reintentos automáticos: envíalo de nuevo cuando quieras.',
  envioSinRespuesta: (texto: string, hora: string | null) =>
    `El Ministerio no respondió (${texto}). ${hora ? `Reintentaremos a las ${hora}: no es necesario enviarlo de nuevo, aunque puedes pulsar «Enviar» para intentarlo ya.` : 'Puedes enviarlo de nuevo cuando quieras.'}`,
  esperaAgotada: (horas: number) =>
    `El Ministerio no respondió en ${horas} horas de reintentos automáticos: el documento quedó en ERROR y no fue recibido. Puedes enviarlo de nuevo.`,
  reintentoSuperado: 'El documento ya no espera este reintento automático: otro envío trajo la respuesta.',
  reintentoAutomatico: (n: number) => `reintento automático ${n}`,
  /** A re-send answered RVG18 (already validated): the document is approved with the ministry's own CUV. */
  cuvRecuperado: 'El Ministerio ya había validado este paquete: Radica recuperó su CUV y lo dejó aprobado.',
  /** The Excel report's column of the wait (its cell: the ministry's text and the next retry). */
  columnaEsperaMinisterio: 'Sin respuesta del Ministerio',
  /** The timeline's last step before the ministry's verdict. */
  timelineRespuesta: 'Respuesta del Ministerio',
} as const;
