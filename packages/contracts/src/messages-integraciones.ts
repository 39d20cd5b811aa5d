/**
 * The integrations domain of the Spanish catalogue (issue 15: API keys, the API channel). All Radica's own texts. Each
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
  paqueteBase64Invalido: 'xmlFevFile no es un texto Base64 válido del XML de la factura.',
  paqueteEnviado: 'Paquete enviado al Ministerio.',
} as const;

export type TMsgIntegracionesKey = keyof typeof MSG_INTEGRACIONES;
