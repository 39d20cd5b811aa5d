/**
 * Spanish texts used only by the web app (issue 3: accounts, sessions, the app shell). Texts quoted in the
 * seeds are verbatim (seed 000 §2, §4, §5, §8; seed 002 §2, §4); the rest are Radica's own, marked "Radica".
 * Texts the API also answers with live in `MSG` (messages.ts) and `MSG_CUENTAS` (messages-cuentas.ts).
 */
export const MSG_WEB = {
  // seed 000 §5 — registration step checks
  stepSelectTipoDocumento: 'Selecciona un tipo de documento',
  stepNumeroDocumento: 'Ingresa el número de documento',
  stepSelectPais: 'Selecciona tu país',
  stepSelectDepartamento: 'Selecciona tu departamento',
  stepSelectCiudad: 'Selecciona tu ciudad',
  /** Radica: the location field when text was typed but no suggestion chosen (seed 000 §5). */
  locationChooseSuggestion: 'Selecciona una ciudad de la lista de sugerencias',
  locationSearchError: 'Error en la búsqueda',
  locationSearchUnknownError: 'Error desconocido en la búsqueda',
  /** Radica: the seed's hint names a local development API address; ours stays generic. */
  locationConnectionHint: 'Verifica tu conexión e inténtalo de nuevo.',
  locationNoResults: 'No se encontraron ciudades',

  // seed 000 §4, §8 — registration
  registrationFailed: 'Error en el registro',
  registrationCreateError: 'Error creando la cuenta.',
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
  authTypeManual: 'Email/Contraseña',
  authTypeGoogle: 'Google',
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
} as const;
