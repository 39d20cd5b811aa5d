/**
 * Result webhooks and rejection alerts in the Spanish catalogue. All Radica's own texts; each defined once
 * in the whole catalogue (index-check.test.ts).
 */
export const MSG_AVISOS = {
  webhookUrlInvalida: 'Escribe la dirección completa del webhook, por ejemplo https://mi-sistema.co/radica/resultados.',
  webhookHttpsRequerido: 'El webhook debe usar https:// para que los resultados viajen cifrados.',
  webhookDestinoPrivado: 'Esa dirección apunta a una red privada o local: usa una dirección pública de tu sistema.',
  webhookHostNoResuelve: (host: string) =>
    `No encontramos el servidor ${host}: ese nombre no existe en el DNS. Revisa que esté bien escrito y que ya esté publicado.`,
  webhookCopiarSecreto: 'Copiar secreto',
  webhookSecretoCopiado: 'Secreto copiado al portapapeles',
  webhookSecretoNoCopiado: 'No se pudo copiar: selecciona el secreto y cópialo a mano.',
  /** Why a delivery did not reach the customer's system (the log showed undici's English 'fetch failed'). */
  transporte: {
    noResuelve: (host: string) => `No se encontró el servidor ${host} en el DNS.`,
    dnsTemporal: (host: string) => `El DNS no respondió al buscar ${host}; se reintentará.`,
    rechazada: 'Tu sistema rechazó la conexión: no hay un servicio escuchando en ese puerto.',
    reiniciada: 'Tu sistema cortó la conexión antes de responder.',
    inalcanzable: 'No hay ruta de red hasta tu sistema.',
    tiempoConexion: 'Tu sistema no aceptó la conexión a tiempo.',
    tiempoRespuesta: (segundos: number) => `Tu sistema no respondió en ${segundos} segundos.`,
    certificado: 'El certificado TLS de tu sistema no es válido (vencido, autofirmado o de otro nombre).',
    tls: 'No se pudo establecer la conexión segura (TLS) con tu sistema.',
    redirigida: 'Tu sistema respondió con una redirección: registra la dirección final del webhook.',
    desconocido: (codigo: string) => `No se pudo conectar con tu sistema (${codigo}).`,
  },
  webhookLimite: (max: number) => `Tienes ${max} webhooks: elimina uno antes de registrar otro.`,
  webhookNoEncontrado: 'No se encontró ese webhook.',
  webhookCreado: 'Webhook registrado. Copia el secreto ahora para verificar las firmas: no lo volverás a ver.',
  webhookEliminado: 'Webhook eliminado: no recibirá más resultados.',
  webhookPruebaEncolada: 'Enviamos un evento de prueba: mira el registro de entregas en unos segundos.',
  alertasSoloBusiness: 'Las alertas de rechazo son parte del plan Business. Escríbenos desde la página de precios para activarlo.',
  alertasGuardadas: 'Alertas guardadas.',
  alertaCorreoInvalido: 'Escribe un correo válido para las alertas, por ejemplo facturacion@miips.co.',
  alertaWhatsappInvalido: 'Escribe el número de WhatsApp con el indicativo del país, por ejemplo 573001234567.',
  alertaMaxDestinos: (max: number) => `Puedes registrar hasta ${max} destinatarios por canal.`,
  whatsappNoConfigurado: 'WhatsApp no está configurado en esta instalación de Radica: las alertas llegarán solo por correo.',
  /** Settings › Integraciones (web): webhooks and alerts cards. */
  webhooksTitulo: 'Webhooks de resultados',
  webhooksDescripcion:
    'Radica avisa a tu sistema cada vez que un documento queda Aprobado, No aprobado o en Error: envía un POST firmado con HMAC-SHA256 (Standard Webhooks) y lo reintenta si tu sistema no responde.',
  webhooksVacio: 'Aún no tienes webhooks',
  webhookRegistrar: 'Registrar webhook',
  webhookCampoUrl: 'Dirección (URL) del webhook',
  webhookSecreto: 'Secreto de firma',
  webhookProbar: 'Enviar prueba',
  webhookEliminar: 'Eliminar',
  webhookEliminarTitulo: '¿Eliminar este webhook?',
  entregasTitulo: 'Registro de entregas',
  entregasVacio: 'Aún no hay entregas.',
  entregaEstado: { PENDIENTE: 'Pendiente', ENTREGADO: 'Entregado', FALLIDO: 'Fallido' },
  alertasTitulo: 'Alertas de rechazo',
  alertasDescripcion:
    'Avisamos por correo o WhatsApp cuando el Ministerio rechaza un documento o no responde, con cada código y cómo corregirlo.',
  alertasCorreos: 'Correos que reciben las alertas',
  alertasWhatsapp: 'Números de WhatsApp',
  alertasNoAprobado: 'Cuando un documento queda No aprobado',
  alertasError: 'Cuando el Ministerio no responde (Error)',
  alertasResumen: 'Resumen diario de envíos (6:00 p. m.)',
  alertasGuardar: 'Guardar alertas',
  alertasRegistro: 'Alertas enviadas',
  alertasRegistroVacio: 'Aún no se han enviado alertas.',
  alertaEstado: { PENDIENTE: 'Pendiente', ENVIADO: 'Enviada', FALLIDO: 'Fallida' },
  /** The alert and summary messages. */
  alertaAsunto: (formato: string, estado: string) => `Radica: el documento ${formato} quedó ${estado}`,
  resumenAsunto: (dia: string) => `Radica: resumen de envíos del ${dia}`,
  /** Radica (docs/decisions/047): a document that has waited MUV_TRANSIENT_ALERT_S for the ministry's verdict. */
  esperaAsunto: (formato: string) => `Radica: el Ministerio no ha respondido el documento ${formato}`,
  esperaIntro: (formato: string, tipo: string, desde: string) =>
    `El Ministerio de Salud no ha dado respuesta al envío del documento ${formato} (${tipo}) desde las ${desde}. No es un problema de tus archivos: Radica lo sigue intentando.`,
  esperaTexto: (texto: string) => `Lo último que respondió: «${texto}»`,
  esperaEstado: 'sin respuesta del Ministerio',
  /** An ERROR alert's line: the ministry gave no verdict through every automatic retry. */
  errorSinRespuesta:
    'El Ministerio no respondió al envío durante los reintentos automáticos: no es un problema de tus archivos. Puedes reenviarlo desde el documento.',
  /** The security alert of an SFTP account that sees many wrong secrets (the account is slowed, never locked). */
  sftpFallasAsunto: (usuario: string) => `Radica: intentos fallidos de acceso al usuario SFTP ${usuario}`,
  sftpFallasResumen: (usuario: string, fallas: number, direcciones: number, minutos: number) =>
    `El usuario SFTP ${usuario} de tu empresa recibió ${fallas} contraseñas o llaves equivocadas en los últimos ${minutos} minutos, desde ${direcciones} ${direcciones === 1 ? 'dirección' : 'direcciones'}.`,
  sftpFallasProteccion: (maxPorDireccion: number) =>
    `Radica bloquea cada dirección después de ${maxPorDireccion} intentos fallidos y hace más lento cada intento de la cuenta, pero no la bloquea: con la contraseña correcta sigues entrando desde cualquier otra dirección.`,
  sftpFallasQueHacer: 'Si no fuiste tú ni alguien de tu equipo, cambia la contraseña del canal o usa una llave pública en Configuración › Canales.',
  /** Settings › Integraciones: the kind of a logged alert message. */
  tipoAlerta: 'Alerta',
  tipoResumen: 'Resumen diario',
  tipoSeguridad: 'Seguridad',
} as const;
