/**
 * The Spanish message catalogue: every user-facing text the API and the web app share lives here once.
 * Texts quoted in the seeds are copied verbatim (seed 000 §5, §8; seed 001 §5, §8).
 */
export const MSG = {
  // seed 000 §8 — HTTP mapping
  http401: 'Credenciales inválidas. Verifique e intente nuevamente',
  http403: 'No tiene permisos para realizar esta acción',
  http404: 'El servicio solicitado no fue encontrado',
  http408: 'La solicitud tomó demasiado tiempo. Intente nuevamente',
  http429: 'Demasiados intentos. Por favor, espere unos minutos antes de intentar nuevamente',
  http500: 'Error interno del servidor. Intente nuevamente en unos momentos',
  http5xx: 'El servidor no está disponible temporalmente. Intente nuevamente en unos minutos',
  httpOther: (status: number) => `Error HTTP ${status}. Intente nuevamente`,
  networkFailure:
    'No se pudo conectar con el servidor. Verifique su conexión a internet e intente nuevamente',
  emptyResponse: 'No se recibió respuesta del servidor',
  unknownApiError: 'Error desconocido en la API',

  // seed 000 §5 — login
  emailRequired: 'El email es requerido',
  passwordRequired: 'La contraseña es requerida',
  passwordMin6: 'La contraseña debe tener al menos 6 caracteres',
  loginError: 'Error en el login',
  unknownError: 'Error desconocido',
  // registration
  emailObligatorio: 'El email es obligatorio',
  emailInvalid: 'Formato de email inválido',
  passwordMin8: 'La contraseña debe tener al menos 8 caracteres',
  passwordObligatoria: 'La contraseña es obligatoria',
  passwordStrong: 'Contraseña fuerte',
  passwordValid: 'Contraseña válida',
  primerNombreRequired: 'El primer nombre es obligatorio',
  primerApellidoRequired: 'El primer apellido es obligatorio',
  tipoIdentidadRequired: 'El tipo de identidad es obligatorio',
  numeroIdentificacionRequired: 'El número de identificación es obligatorio',
  codPaisRequired: 'El país es obligatorio',
  codDepartamentoRequired: 'El departamento es obligatorio',
  codCiudadRequired: 'La ciudad es obligatoria',
  codeSixDigits: 'El código debe tener 6 dígitos',
  emailAlreadyRegistered: 'Este email ya está registrado',
  emailCheckError: 'Error verificando email',
  registrationError: 'Error en el registro',
  accountCreationError: 'Error creando la cuenta.',
  codeSendError: 'Error enviando el código. Inténtalo de nuevo.',
  codeWrong: 'Código incorrecto. Inténtalo de nuevo.',
  codeVerifyError: 'Error verificando código.',
  codeSent: 'Código de verificación enviado a su correo electrónico',
  registrationCompleted: 'Registro completado exitosamente. Por favor inicia sesión.',
  // server-side registration and session texts (Radica's own; the seed has no text for these cases)
  codeExpired: 'El código expiró o ya fue usado. Solicita un código nuevo.',
  codeTooManyAttempts: 'Demasiados intentos con este código. Solicita un código nuevo.',
  verificationTokenInvalid: 'La verificación del email no es válida o expiró. Verifica tu email de nuevo.',
  registrationSucceeded: 'Registro exitoso',
  loginSucceeded: 'Inicio de sesión exitoso',
  logoutSucceeded: 'Sesión cerrada',
  refreshFailed: 'Error al refrescar tokens',
  sessionExpired: 'Sesión expirada. Redirigiendo al login...',
  validatorMismatch: 'No tiene permisos para realizar esta acción',
  requestInvalid: 'La solicitud no es válida. Revise los datos enviados.',

  // seed 000 §5, §8 — provider configuration
  codigoPrestadorRequired: 'El código prestador es obligatorio',
  usuarioValidadorRequired: 'El usuario del validador es obligatorio',
  contrasenaValidadorRequired: 'La contraseña del validador es obligatoria',
  configSaved: 'Configuración guardada exitosamente',
  configCreateError: 'Error al crear la configuración de FevRips',
  configUpdateError: 'Error al actualizar la configuración de FevRips',
  configSaveError: 'Error al guardar la configuración. Inténtelo nuevamente.',
  configAlreadyExists: 'Ya existe una configuración del prestador. Use la opción de actualizar.',
  configNotFound: 'No se encontró configuración del prestador. Por favor, configura tu información.',
  providerInfoSaved: 'Información del prestador guardada exitosamente',
  ministryConfigUpdated: 'Configuración del ministerio actualizada exitosamente',

  // seed 001 §5 — file upload
  fileTooLarge: 'El archivo es demasiado grande (máximo 10MB)',
  onlyXml: 'Solo se permiten archivos XML',
  onlyJson: 'Solo se permiten archivos JSON',
  onlyXmlOrJson: 'Solo se permiten archivos XML o JSON',
  xmlInvalid: 'Formato XML inválido',
  xmlNoFormato: 'No se pudo extraer el formato del XML',
  xmlProcessingError: 'Error procesando archivo XML',
  jsonNoFormato: 'No se pudo extraer el formato del JSON',
  jsonInvalid: 'Error procesando archivo JSON - formato inválido',
  analysisError: (kind: 'XML' | 'JSON', message: string) => `Error analizando archivo ${kind}: ${message}`,
  xmlDoctypeRefused:
    'El XML contiene una declaración DOCTYPE o ENTITY, que no se permite por seguridad. Envíe la factura tal como la validó la DIAN.',
  fileMissing: 'No se recibió ningún archivo. Adjunte el archivo en el campo "archivo".',
  identityMismatch: 'Número de Identificación No Coincide',
  identityNotFound:
    'No se encontró el número de identificación del obligado en el archivo. Verifique que sea una factura o un RIPS del prestador.',
  formatoMismatch: 'Formato No Coincide',
  formatoExists: 'Formato Ya Existe',
  slotFilled: (tipo: 'XML' | 'JSON') =>
    `El documento ya tiene un archivo ${tipo}. Elimínelo antes de cargar uno nuevo.`,
  documentNotFound: 'Documento no encontrado',
  documentApprovedLocked: 'El documento ya fue aprobado por el Ministerio y no se puede modificar ni reenviar.',
  documentCancelledLocked: 'El documento está anulado. Reactívelo antes de modificarlo o enviarlo.',
  fileUploaded: (tipo: 'XML' | 'JSON') => `Archivo ${tipo} cargado correctamente`,

  // seed 001 §5 — send
  invalidDocumentId: 'Error: ID de documento inválido',
  sendNeedsBothFiles: 'El documento necesita el archivo XML y el archivo JSON antes de enviarse al Ministerio.',
  sendInProgress: 'El documento ya se está enviando al Ministerio. Espere el resultado.',
  sendSucceeded: '¡Documento enviado exitosamente al Ministerio!',
  sendRejected: 'Error enviando documento al ministerio',
  sendError: 'Error al enviar documento',
  muvUnavailable:
    'El validador del Ministerio no respondió. El documento quedó en espera; intente enviarlo de nuevo en unos minutos.',
  muvLoginFailed:
    'El Ministerio rechazó las credenciales del validador. Revise el usuario y la contraseña del validador en Configuración.',
  sendInterrupted: 'El envío anterior se interrumpió (reinicio del servidor). Puede enviar el documento de nuevo.',
} as const;
