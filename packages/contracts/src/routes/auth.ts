import {
  ZActualizarTerceroRequest,
  ZCheckEmailData,
  ZCheckEmailRequest,
  ZForgotPasswordRequest,
  ZGeografiaAutocompleteData,
  ZGeografiaAutocompleteQuery,
  ZGoogleLoginRequest,
  ZLoginData,
  ZLoginRequest,
  ZLogoutRequest,
  ZRefreshRequest,
  ZRegistrationData,
  ZRegistrationRequest,
  ZRequestPasswordChangeCodeRequest,
  ZResetPasswordRequest,
  ZSendVerificationCodeRequest,
  ZTokens,
  ZVerifyCodeData,
  ZVerifyCodeRequest,
  ZVerifyPasswordChangeCodeRequest,
} from '../auth.ts';
import { ZEnvelope, ZMessageEnvelope } from '../common.ts';
import { ZTerceroRecord } from '../provider.ts';
import { ZCheckNitData, ZCheckNitRequest } from '../registro-nit.ts';
import { ACCESO } from '../usuarios.ts';
import { ruta } from '../route.ts';

/** Accounts and session (seed 000 §7): registration, sign-in, the refresh cookie, passwords, the tercero. */
export const auth = {
  checkNit: ruta({ method: 'POST', path: '/api/Auth/check-nit', roles: 'publico', body: ZCheckNitRequest, response: ZEnvelope(ZCheckNitData) }),
  checkEmail: ruta({ method: 'POST', path: '/api/Auth/check-email-availability', roles: 'publico', body: ZCheckEmailRequest, response: ZEnvelope(ZCheckEmailData) }),
  enviarCodigo: ruta({ method: 'POST', path: '/api/Email/send-verification-code', roles: 'publico', body: ZSendVerificationCodeRequest, response: ZMessageEnvelope }),
  verificarCodigo: ruta({ method: 'POST', path: '/api/Email/verify-code', roles: 'publico', body: ZVerifyCodeRequest, response: ZEnvelope(ZVerifyCodeData) }),
  registro: ruta({ method: 'POST', path: '/api/Auth/registration', roles: 'publico', body: ZRegistrationRequest, response: ZEnvelope(ZRegistrationData) }),
  login: ruta({ method: 'POST', path: '/api/Auth/login', roles: 'publico', body: ZLoginRequest, response: ZEnvelope(ZLoginData) }),
  google: ruta({ method: 'POST', path: '/api/Auth/google', roles: 'publico', body: ZGoogleLoginRequest, response: ZEnvelope(ZLoginData) }),
  olvidoClave: ruta({ method: 'POST', path: '/api/Auth/forgot-password', roles: 'publico', body: ZForgotPasswordRequest, response: ZMessageEnvelope }),
  restablecerClave: ruta({ method: 'POST', path: '/api/Auth/reset-password', roles: 'publico', body: ZResetPasswordRequest, response: ZMessageEnvelope }),
  codigoCambioClave: ruta({ method: 'POST', path: '/api/Auth/request-password-change-code', roles: ACCESO.lectura, body: ZRequestPasswordChangeCodeRequest, response: ZMessageEnvelope }),
  cambiarClave: ruta({ method: 'POST', path: '/api/Auth/verify-password-change-code', roles: ACCESO.lectura, body: ZVerifyPasswordChangeCodeRequest, response: ZMessageEnvelope }),
  actualizarTercero: ruta({ method: 'PUT', path: '/api/Auth/actualizar-tercero', roles: ACCESO.administracion, body: ZActualizarTerceroRequest, response: ZEnvelope(ZTerceroRecord) }),
  /** The refresh token travels in the httpOnly cookie (the web) or in the body (an API client). */
  refresh: ruta({ method: 'POST', path: '/api/Auth/refresh', roles: 'publico', body: ZRefreshRequest.nullish(), response: ZEnvelope(ZTokens) }),
  /** Public (an expired session may still sign out) but revokes the session of the token it is sent with. */
  logout: ruta({ method: 'POST', path: '/api/Auth/logout', roles: 'publico', leeSesion: true, body: ZLogoutRequest.nullish(), response: ZMessageEnvelope }),
  geografia: ruta({ method: 'GET', path: '/api/Geografia/autocomplete', roles: 'publico', query: ZGeografiaAutocompleteQuery, response: ZEnvelope(ZGeografiaAutocompleteData) }),
};
