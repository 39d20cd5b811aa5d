/**
 * Spanish texts of the account calls added in issue 3 (Google sign-in, forgot/reset, change password,
 * tercero update, geography, session security). The API answers with these constants and the web app
 * shows the same ones. Texts quoted in seed 000 (§5, §8) are verbatim; the others are Radica's own
 * (marked "Radica") for cases the seed does not cover. Shared texts already in `MSG` (messages.ts) are
 * not repeated here: e.g. `MSG.http429`, `MSG.emailAlreadyRegistered`, `MSG.codeSent`.
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
  changeCodeSent: 'Código de verificación enviado a su correo electrónico',
  changeCodeRequestError: 'Error al solicitar código de verificación',
  changeCodeVerifyError: 'Error al verificar código y cambiar contraseña',
  changeCodeSendError: 'Error al enviar código de verificación',
  changePasswordError: 'Error al cambiar la contraseña',
  /** Radica: code of the change-password modal is exactly 6 digits. */
  changeCodeSixDigits: 'El código debe tener 6 dígitos',
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
  geoTextTooShort: 'Escriba al menos 2 caracteres para buscar',

  // session security (issue 3 "Server security"; Radica)
  /** Radica: a refresh token was rotated by a concurrent request moments ago (code REFRESH_RACE). */
  refreshRace: 'Sesión renovada en otra pestaña. Reintente la solicitud.',
  /** Radica: a refresh token that was already used was presented again: every session of that chain ends. */
  refreshReuse: 'Sesión cerrada por seguridad. Inicie sesión nuevamente.',
} as const;

export type TMsgCuentasKey = keyof typeof MSG_CUENTAS;
