/**
 * The accounts domain of the Spanish catalogue: Google sign-in, registration, login and session, forgot/reset and
 * change password, the tercero, the location search, the app shell and settings — the texts the API answers with and
 * the ones only the web shows. Texts quoted in seed 000 (§2, §4, §5, §8) are verbatim; the others are Radica's own
 * (marked "Radica"). Each text is defined once in the whole catalogue (index-check.test.ts): the generic ones live in
 * `MSG` (messages.ts), e.g. `MSG.http429`, `MSG.emailAlreadyRegistered`, `MSG.codeSent`.
 */
export const MSG_CUENTAS = {
  // seed 000 §8 — third-party (Google) sign-in and registration
  googleLoadError: 'Error cargando Google OAuth',
  googleAuthError: 'Error en autenticación con Google',
  googleLoginError: 'Error en login con Google',
  googleStartError: 'Error iniciando autenticación con Google',
  googleTokenInvalid: 'Token inválido',
  googleRetry: 'Reintentar',
  googleRegistrationError: 'Error en el registro con Google',
  googleAccountCreationError: 'Error creando la cuenta con Google.',
  googleRegistrationCompleteError: 'Error completando registro con Google.',
  googleTokenMissing: 'Token de Google no disponible',
  /** Radica: GOOGLE_CLIENT_ID is not configured on the server. */
  googleDisabled: 'El inicio de sesión con Google no está habilitado',
  /** Radica: valid Google token, but no Radica account for that Google identity yet (code GOOGLE_NOT_REGISTERED). */
  googleNotRegistered: 'Esta cuenta de Google aún no está registrada. Completa tus datos para crear la cuenta.',
  /** Radica: the e-mail in the registration body differs from the verified token's e-mail. */
  googleEmailMismatch: 'El email no coincide con la cuenta de Google.',
  /** Radica: the Google identity is already registered (registration attempted twice). */
  googleAlreadyRegistered: 'Esta cuenta de Google ya está registrada. Inicia sesión con Google.',
  /** Radica: "Este email ya está registrado" hint, third-party variant (seed 000 §8 mentions it, text not shown). */
  emailAlreadyRegisteredGoogleHint: 'Inicia sesión con Google si registraste la cuenta con Google.',
  /** Radica: manual login attempted on a Google-only account. */
  googleAccountUsesGoogle: 'Esta cuenta inicia sesión con Google. Usa el botón de Google.',
  /** seed 000 §5 — third-party completion form */
  razonSocialRequired: 'La razón social es obligatoria',

  // seed 000 §5 — registration password strength ('Falta: …'); the same items as the web helper
  passwordMissing: (items: readonly string[]) => `Falta: ${items.join(', ')}`,
  passwordMissingLength: 'al menos 8 caracteres',
  /** Radica: the registration password's helper before anything is typed. */
  passwordRequirementsHint: 'Usa al menos 8 caracteres, con una letra, un número y un símbolo.',
  passwordMissingLetter: 'una letra',
  passwordMissingDigit: 'un número',
  passwordMissingSymbol: 'un símbolo (!@#$%^&*…)',

  // seed 000 §2, §5, §8 — forgot / reset password
  /** Radica: the 'Código Enviado' answer; identical whether or not the account exists (seed 000 §2). */
  forgotPasswordSent:
    'Si el email está registrado, recibirás un código de recuperación en tu correo electrónico.',
  forgotPasswordTitle: 'Código Enviado',
  forgotPasswordError: 'Error al enviar código de recuperación',
  resetCodeInvalid: 'Código inválido o expirado',
  resetCodeRequired: 'El código de recuperación es requerido',
  resetCodeMin6: 'El código debe tener al menos 6 caracteres',
  resetPasswordRules: 'La contraseña debe tener al menos una minúscula, una mayúscula y un número',
  confirmPasswordRequired: 'Confirma tu nueva contraseña',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  passwordChanged: '¡Contraseña cambiada exitosamente!',

  // seed 000 §5, §8 — change password (manual accounts)
  changePasswordRules: 'La contraseña debe contener al menos: 1 minúscula, 1 mayúscula y 1 número',
  changeCodeRequestError: 'Error al solicitar código de verificación',
  changeCodeVerifyError: 'Error al verificar código y cambiar contraseña',
  changeCodeSendError: 'Error al enviar código de verificación',
  changePasswordError: 'Error al cambiar la contraseña',
  /** Radica: a Google account asked for a password-change code (seed 000 §6: only manual accounts). */
  changePasswordGoogleAccount:
    'Tu cuenta inicia sesión con Google: la contraseña la administra Google y no se puede cambiar aquí.',
  /** Radica: the e-mail in the body is not the signed-in user's. */
  changePasswordEmailMismatch: 'El email no corresponde a la cuenta con la sesión iniciada.',

  // seed 000 §2 Settings, §8 — tercero update
  terceroUpdated: 'Información general actualizada exitosamente',
  terceroUpdateError: 'Error al actualizar la información del tercero',
  updateInfoError: 'Error al actualizar la información',
  /** Radica: required marks of the settings form (seed 000 §2: Nombre, Email, …, Dirección). */
  nombreRequired: 'El nombre es obligatorio',
  telefonoRequired: 'El teléfono es obligatorio',
  direccionRequired: 'La dirección es obligatoria',

  // seed 000 §8 — location search
  geoSearchError: 'Error en la búsqueda',
  geoSearchUnknownError: 'Error desconocido en la búsqueda',
  /** Radica: texto shorter than 2 characters after trimming (seed 000 §5 "Searches"). */
  geoTextTooShort: 'Escribe al menos 2 caracteres para buscar',

  // session security (Radica)
  /** Radica: a refresh token was rotated by a concurrent request moments ago (code REFRESH_RACE). */
  refreshRace: 'Sesión renovada en otra pestaña. Vuelve a intentarlo.',
  /** Radica: a refresh token that was already used was presented again: every session of that chain ends. */
  refreshReuse: 'Sesión cerrada por seguridad. Inicia sesión nuevamente.',

  // ---- screen texts of registration, login, session, the shell and settings (seed 000 §2, §4, §5, §8)
  // seed 000 §5 — registration step checks
  stepSelectTipoDocumento: 'Selecciona un tipo de documento',
  stepNumeroDocumento: 'Ingresa el número de documento',
  stepSelectPais: 'Selecciona tu país',
  stepSelectDepartamento: 'Selecciona tu departamento',
  stepSelectCiudad: 'Selecciona tu ciudad',
  /** Radica: the location field when text was typed but no suggestion chosen (seed 000 §5). */
  locationChooseSuggestion: 'Selecciona una ciudad de la lista de sugerencias',
  /** Radica: the seed's hint names a local development API address; ours stays generic. */
  locationConnectionHint: 'Verifica tu conexión e inténtalo de nuevo.',
  locationNoResults: 'No se encontraron ciudades',

  // seed 000 §4, §8 — registration
  registrationCompleteError: 'Error completando registro.',
  emailCheckErrorDot: 'Error verificando el email.',
  allSet: 'Todo listo',
  continueToPayment: 'Continuar al pago',
  goToLogin: 'Ir al login',
  /** Radica: title of the success modal after registration (seed 000 §2 "A success modal"). */
  registrationSuccessTitle: '¡Registro exitoso!',
  registrationSuccessBody: 'Tu cuenta fue creada. Inicia sesión para empezar a usar Radica.',
  /** Radica: the extra payment notice of that modal (seed 000 §2). */
  registrationPaymentNotice: 'Después de iniciar sesión podrás completar el pago de tu plan.',
  continueToLogin: 'Continuar al Login',
  creatingPhrases: [
    'Creando tu cuenta...',
    'Configurando tu espacio de trabajo...',
    'Preparando tus módulos...',
    'Casi listo...',
  ],

  // seed 000 §8 — login / session
  sessionLoginError: 'Error durante el inicio de sesión',
  productsError: 'Error consultando productos comprados',
  /** seed 002 §4: the login message after a failed refresh. */
  sessionExpiredLogin: 'Sesión expirada, por favor inicia sesión nuevamente',
  /** Radica: the login message after the inactivity logout. */
  inactivityLoggedOut: 'Tu sesión se cerró por inactividad. Inicia sesión nuevamente.',

  // seed 000 §2 — inactivity dialog
  inactivityTitle: 'Tu sesión está por expirar',
  inactivityBody: (time: string) => `Por inactividad, tu sesión se cerrará en ${time}. ¿Deseas continuar?`,
  continueSession: 'Continuar sesión',
  closeSession: 'Cerrar sesión',

  // seed 000 §2 — orientation modal
  orientationTitle: 'Gira tu dispositivo',
  orientationBody:
    'Para una mejor experiencia te recomendamos usar la plataforma con el teléfono en posición horizontal.',
  orientationDontShow: 'No volver a mostrar',
  orientationOk: 'Entendido',

  // seed 000 §2 — shell
  upgradeTooltip: 'Próximamente disponible',
  profileNotSpecified: 'No especificado',
  // One label per sign-in method on every screen (the profile's seed wording; Configuración said 'Manual').
  authTypeManual: 'Email/Contraseña',
  authTypeGoogle: 'Google',
  /** The sign-in method as the profile and Configuración › General show it: manual → 'Email/Contraseña', else 'Google'. */
  authTypeLabel: (authType: string | undefined): string => (authType === 'google' ? MSG_CUENTAS.authTypeGoogle : MSG_CUENTAS.authTypeManual),
  themeToggleDark: 'Cambiar a tema oscuro',
  themeToggleLight: 'Cambiar a tema claro',
  notFoundLink: 'Ir a Inicio',
  reload: 'Recargar',
  loadingPermissions: 'Cargando permisos de usuario...',
  verifyingProducts: 'Verificando productos disponibles...',
  verifyingAccess: 'Verificando acceso...',
  comingSoon: 'Te notificaremos cuando este módulo esté disponible.',
  /** Radica: placeholder pages of sidebar targets the seeds do not specify. */
  placeholderBody: 'Esta sección estará disponible próximamente.',

  // seed 000 §2 Settings
  confirmChangesTitle: 'Confirmar cambios importantes',
  /** Radica: the tenant's validator value in Settings › General › Cuenta. */
  /** Radica (seed 000 §5 DV rule): a NIT sent with a verification digit that does not match it. */
  dvIncorrecto: 'El dígito de verificación (DV) no corresponde al NIT. Revisa el número de identificación.',
  accountCodeLabel: 'Código de cuenta',
  accountCodeHint: 'Identifica tu cuenta en Radica. No es el Usuario Validador del Ministerio.',
  confirmChangesIntro: 'Estos cambios pueden afectar:',
  confirmChangesItems: [
    'Todos los productos contratados',
    'Reportes al Ministerio',
    'Facturación y configuración',
    'Integraciones externas',
  ],
  changePassword: 'Cambiar Contraseña',
  passwordManagedByGoogle:
    'La contraseña de esta cuenta la administra Google, tu proveedor de inicio de sesión.',
  saveChangesError: 'Error al guardar los cambios',

  // seed 000 §2 — forgot / reset
  forgotUseOtherEmail: 'Usar otro email',
  forgotContinue: 'Ingresar el código',
  resetSuccessTitle: '¡Contraseña restablecida!',
  /** Radica: the login message after the reset (seed 000 §4 "with a message"). */
  resetSuccessLogin: 'Tu contraseña fue restablecida. Inicia sesión con tu nueva contraseña.',
  requestNewCode: 'Solicitar un código nuevo',
  backToLogin: 'Volver al login',

  // seed 000 §2, §8 — provider configuration form and the REPS provider search
  providerIntroTitle: 'Configuración Requerida',
  /** Radica: the intro's explanation (seed 000 §2 "explains that provider information is needed for ministry reports"). */
  providerIntroText:
    'Para radicar tus reportes ante el Ministerio de Salud necesitamos la información de tu prestador de servicios de salud: su código de habilitación (REPS) y el usuario del validador del Ministerio.',
  providerIntroContinue: 'Continuar',
  providerInfoTitle: 'Información del Prestador',
  providerBack: '← Volver',
  prestadoresSearchError: 'Error en la búsqueda de prestadores',
  prestadoresSearchUnknownError: 'Error desconocido en la búsqueda de prestadores',
  /** Radica: the autocomplete's first option (seed 000 §2 "enter information manually"). */
  prestadorManualOption: 'Ingresar la información manualmente',
  prestadorSelected: 'Seleccionado',
  /** Radica: the provider-code tooltip (seed 000 §2). */
  prestadorCodeTooltip:
    'Busca y selecciona tu prestador para cargar su información desde el REPS, o ingresa la información manualmente.',
  prestadorSearchPlaceholder: 'Busca por código, NIT o nombre del prestador',
  prestadorClear: 'Quitar el prestador seleccionado',
  prestadorNoResults: 'No se encontraron prestadores con ese texto.',
  prestadorSearching: 'Buscando prestadores...',
  /** Radica: why a provider may be missing from the search, and what to do. */
  prestadorNoResultsAyuda:
    'La búsqueda cubre solo el extracto del REPS cargado en esta instalación, que puede no incluir tu departamento. Elige «Ingresar la información manualmente» arriba: el código que escribiste se conserva. Si tu prestador debería aparecer, avísale al soporte de Radica.',
  /** Radica: the chosen provider's NIT is not the company's. */
  prestadorNitDistinto: (nitPrestador: string, nitEmpresa: string) =>
    `Este prestador tiene NIT ${nitPrestador} y tu empresa ${nitEmpresa}. Revisa que sea tu prestador: las facturas que envías llevan tu NIT como facturador y el código de un prestador tuyo.`,
  /** Radica: the action and its three outcomes. */
  probarConexion: 'Probar conexión',
  probandoConexion: 'Probando conexión...',
  probarConexionOk: 'El Ministerio aceptó el usuario y la contraseña del validador.',
  probarConexionRechazada:
    'El Ministerio rechazó el usuario o la contraseña del validador. Revísalos y vuelve a probar.',
  /** Radica: a test with nothing saved needs both fields typed. */
  probarConexionFaltanDatos: 'Escribe el usuario y la contraseña del validador para probar la conexión.',
  probarConexionNoDisponible:
    'No se pudo contactar al validador del Ministerio para probar la conexión. Intenta de nuevo en unos minutos.',
  // REPS import and search (API)
  /** The import refused a file without the REPS columns the table needs (nothing written). */
  repsColumnasFaltantes: (columnas: string[]) =>
    `El archivo del REPS no tiene las columnas obligatorias: ${columnas.join(', ')}. No se importó nada.`,
  repsColumnasIgnoradas: (columnas: string[]) => `Columnas desconocidas ignoradas: ${columnas.join(', ')}.`,
  repsFilasMalformadas: (filas: number) =>
    filas === 1
      ? '1 fila sin un código de habilitación de 10 dígitos se omitió.'
      : `${filas} filas sin un código de habilitación de 10 dígitos se omitieron.`,
  repsArchivoVacio: 'El archivo del REPS está vacío o no tiene encabezado.',
  repsCsvInvalido: (linea: number | null) =>
    `El archivo del REPS no es un CSV legible${linea ? ` (línea ${linea})` : ''}. Las filas anteriores quedaron importadas; ningún prestador fue retirado.`,
  repsArchivoGrande: (mb: number) => `El archivo del REPS supera el límite de ${mb} MB.`,
  repsImportEnCurso: 'Ya hay una importación del REPS en curso. Espera a que termine e intenta de nuevo.',
  repsImportado: (d: { filas: number; insertados: number; actualizados: number; retirados: number }) =>
    `REPS importado: ${d.filas} filas (${d.insertados} nuevas, ${d.actualizados} actualizadas); ${d.retirados} prestadores ausentes del archivo quedaron no habilitados.`,
  // Web
  /** Radica: the provider-code input after choosing manual entry, and the button that goes back to the search. */
  prestadorManualPlaceholder: 'Escribe el código de habilitación del prestador',
  prestadorSearchAgain: 'Volver a buscar el prestador en el REPS',
  /** Radica: the ministry list's link to Configuración → Ministerio beside 'Configurar Prestador'. */
  providerOpenSettings: 'Ir a Configuración',
  // Provider form dates (API and web)
  fechaVencimientoAnterior: 'La fecha de vencimiento no puede ser anterior a la fecha de radicación.',
} as const;

export type TMsgCuentasKey = keyof typeof MSG_CUENTAS;
