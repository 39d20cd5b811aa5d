/**
 * Spanish texts the server returns for the ministry reports area (issue 4). Verbatim from seed 001 §4, §5, §8
 * where the seed gives them; the rest (operator command, jobs) are Radica's own.
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
  sinEstadoValidoEnvio:
    'No hay documentos con estado válido para envío (procesado, rechazado o error) en los formatos seleccionados',
  noHayDocumentosSeleccionados: 'No hay documentos seleccionados',
  demasiadosFormatos: 'Se pueden consultar como máximo 10000 formatos por solicitud',
  colaNoDisponible: 'La cola de envíos no está disponible en este momento. Intente de nuevo.',
  envioMasivoEncolado: (n: number) => `${n} documento(s) en cola de envío al Ministerio`,
  /** seed 001 §8 sync toasts. */
  sincronizacionSinDatos: 'Sincronización completada sin nuevos datos',
  sincronizacionCompletada: (n: number) => `Sincronización completada: ${n} registro(s) guardado(s)`,
  sincronizarSoloAprobados: 'Solo se puede sincronizar un documento aprobado con CUV',
  formatoNoEncontrado: 'No se encontró un documento con ese formato',
  /** Module access (seed 000 §6, seed 002 §4). */
  sinPermisos: 'No tiene permisos para realizar esta acción',
  /** Operator command (issue 4 "Module access"). */
  operadorNoAutorizado: 'Credencial de operador inválida',
  usuarioNoEncontrado: (email: string) => `No existe un usuario con el correo ${email}`,
  moduloInvalido: (m: string) => `Módulo desconocido: ${m} (use ministerio, facturacion, marketing o automatizaciones)`,
  moduloOtorgado: (email: string, modulos: string[]) => `Módulos otorgados a ${email}: ${modulos.join(', ')}`,
} as const;
