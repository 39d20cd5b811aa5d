/**
 * The chat domain of the Spanish catalogue: the two assistants' texts. Texts quoted in seed 001 (§5 "Chat",
 * §8) are verbatim; the others are Radica's own (marked "Radica"). Each text is defined once in the whole catalogue
 * (index-check.test.ts).
 */
export const MSG_CHAT = {
  /** seed 001 §8: the reply could not be had. */
  chatError: 'Lo siento, ocurrió un error. Por favor intenta de nuevo.',
  /** seed 001 §8: the reply was empty. */
  chatEmptyReply: 'Lo siento, no pude entender eso. ¿Podrías reformular tu pregunta?',
  /** seed 001 §5 "Chat": an attachment over 10 MB. */
  chatFileTooLarge: (name: string) => `El archivo ${name} es demasiado grande. Máximo 10MB.`,
  /** seed 001 §5 "Chat": the sales chat takes no attachments. */
  chatSalesNoFiles: 'El chat de ventas no soporta archivos adjuntos',
  /** Radica: an attachment of a type the seed does not accept. */
  chatFileType: (name: string) =>
    `El archivo ${name} no es de un tipo admitido. Adjunta PDF, Word, Excel, texto, imágenes PNG o JPG, XML o JSON.`,
  /** Radica: too many attachments in one message. */
  chatTooManyFiles: (max: number) => `Puedes adjuntar como máximo ${max} archivos por mensaje.`,
  /** Radica: a message with neither text nor files. */
  chatEmptyMessage: 'Escribe un mensaje o adjunta un archivo.',
  /** Radica: the built-in assistant found no article for the question. */
  chatNoMatch:
    'No encontré información sobre eso en la ayuda de Radica. Prueba con otras palabras, o escríbele a nuestro equipo de soporte.',
  /** Radica: the built-in assistant's answer to a greeting ('hola'), in the sales chat. */
  chatSaludoVentas:
    '¡Hola! Soy el asistente de Radica. Puedo contarte qué hace Radica, los planes y precios, los medios de pago, los canales para enviar tus archivos (web, correo, SFTP o API) y qué es el CUV. ¿Sobre qué quieres saber?',
  /** Radica: the built-in assistant's answer to a greeting, in the technical chat (signed-in users). */
  chatSaludoTecnico:
    '¡Hola! Soy el asistente de Radica. Pregúntame, por ejemplo: ¿por qué rechazaron la factura FE123?, ¿qué significa RVC004?, ¿cómo configuro el correo, el SFTP o la API?, ¿qué se envió hoy? También puedes adjuntar el XML y el JSON para revisarlos.',
  /** Radica: the built-in assistant's heading for its sources. */
  chatFuentes: 'Más información',
  /** Radica: floating button and panel. */
  chatOpen: 'Abrir el chat de ayuda',
  chatClose: 'Cerrar el chat',
  chatReset: 'Nueva conversación',
  chatTechnicalTitle: 'Asistente técnico',
  chatSalesTitle: 'Asistente de ventas',
  chatPlaceholder: 'Escribe tu pregunta…',
  chatSend: 'Enviar mensaje',
  chatAttach: 'Adjuntar archivos',
  chatWaiting: 'Escribiendo…',
  chatSuggestionsLabel: 'Preguntas sugeridas',
  chatRemoveFile: (name: string) => `Quitar ${name}`,
  /** Radica: who wrote a message (the assistant's messages carry the panel's title). */
  chatUserLabel: 'Tú',
  /** Radica: the message list (a live log) and the message box. */
  chatMessagesLabel: 'Conversación',
  chatInputLabel: 'Tu mensaje',
} as const;

export type TMsgChatKey = keyof typeof MSG_CHAT;
