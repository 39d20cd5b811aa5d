/**
 * The tags and Spanish summaries of every operation in the OpenAPI document (56 operations had neither, and
 * the integrator's `/api/v1/paquetes` was lost among the web app's internal calls). One table, so a new route without
 * a summary is found by apps/api/test/openapi.test.ts. A route may also declare its own `schema.summary`/`schema.tags`:
 * those win.
 */

/** The document's tags in the order the viewer lists them: the integrator's API first, the web app's calls after. */
export const ETIQUETAS = [
  {
    name: 'API de integración',
    description:
      'Lo que usa tu HIS o software de facturación con una clave de API (Authorization: Bearer rk_live_…, creada en Configuración › Integraciones): radicar un paquete y consultar su resultado.',
  },
  { name: 'Webhooks y alertas', description: 'Resultados enviados a tu sistema (firmados, Standard Webhooks) y alertas de rechazo.' },
  { name: 'Documentos', description: 'Facturas, notas y RIPS ante el Ministerio: carga, listado, detalle, envío e informes. Aceptan la sesión o una clave de API.' },
  { name: 'Consulta de CUV', description: 'Consulta pública de un CUV ante el Ministerio.' },
  { name: 'Claves de API', description: 'Uso interno de la aplicación web: crear, listar y revocar claves (requiere sesión, no una clave).' },
  { name: 'Canales', description: 'Uso interno de la aplicación web: canales de correo y SFTP.' },
  { name: 'Prestador', description: 'Uso interno de la aplicación web: configuración del prestador y credenciales del validador.' },
  { name: 'Creación de RIPS', description: 'Uso interno de la aplicación web: el módulo para crear RIPS en la plataforma.' },
  { name: 'Cuenta y sesión', description: 'Uso interno de la aplicación web: registro, inicio de sesión y datos de la empresa.' },
  { name: 'Usuarios', description: 'Uso interno de la aplicación web: usuarios, roles, invitaciones y WhatsApp.' },
  { name: 'Compras', description: 'Uso interno de la aplicación web: planes, cupones y pagos.' },
  { name: 'Asistente', description: 'Uso interno: el chat de ayuda y el asistente de WhatsApp.' },
  { name: 'Estado del servicio', description: 'Disponibilidad y versión del servicio.' },
] as const;

export type TEtiqueta = (typeof ETIQUETAS)[number]['name'];

/** The tag of a path, by its prefix (first match). */
const POR_PREFIJO: [RegExp, TEtiqueta][] = [
  [/^\/api\/v1\//, 'API de integración'],
  [/^\/api\/integraciones\/(webhooks|alertas)/, 'Webhooks y alertas'],
  [/^\/api\/integraciones\/claves/, 'Claves de API'],
  [/^\/api\/FevRips\/consultar-cuv/i, 'Consulta de CUV'],
  [/^\/api\/fevrips\//i, 'Documentos'],
  [/^\/api\/canales\//, 'Canales'],
  [/^\/api\/Auth\/(tercero-fevrips|crear-configuracion-fevrips|probar-conexion-fevrips|actualizar-configuracion-fevrips|prestadores\/)/, 'Prestador'],
  [/^\/api\/rips\//, 'Creación de RIPS'],
  [/^\/api\/(Auth|Email|Geografia)\//, 'Cuenta y sesión'],
  [/^\/api\/usuarios/, 'Usuarios'],
  [/^\/api\/payment\//, 'Compras'],
  [/^\/api\/(chat|whatsapp)/, 'Asistente'],
  [/^\/(ping|health\/|api\/info)/, 'Estado del servicio'],
];

/** `METHOD path` (OpenAPI form, `{id}`) → its one-line summary in Spanish. */
export const RESUMENES: Record<string, string> = {
  'POST /api/v1/paquetes': 'Radicar un paquete (XML de la factura y RIPS) y, si se pide, enviarlo al Ministerio',
  'GET /api/v1/paquetes/{id}': 'Consultar un paquete: estado, CUV o errores del Ministerio',

  'GET /api/integraciones/webhooks': 'Listar los webhooks de resultados y el registro de entregas',
  'POST /api/integraciones/webhooks': 'Registrar un webhook de resultados (devuelve el secreto de firma una vez)',
  'DELETE /api/integraciones/webhooks/{id}': 'Eliminar un webhook',
  'POST /api/integraciones/webhooks/{id}/probar': 'Enviar un evento de prueba a un webhook',
  'GET /api/integraciones/alertas': 'Ver las alertas de rechazo',
  'PUT /api/integraciones/alertas': 'Guardar las alertas de rechazo (plan Business)',

  'POST /api/FevRips/subir-archivo': 'Cargar el XML o el RIPS de un documento',
  'POST /api/fevrips/verificar-formato': 'Saber si un número de documento ya existe en tu cuenta',
  'POST /api/FevRips/search': 'Buscar documentos con filtros, paginado',
  'GET /api/FevRips/{id}/detail': 'Detalle de un documento: archivos, hallazgos, respuesta del Ministerio e historial',
  'POST /api/FevRips/{id}/enviar': 'Enviar un documento al Ministerio',
  'GET /api/FevRips/{id}/servicios': 'Servicios de una factura aprobada, para crear una nota sobre ella',
  'POST /api/FevRips/{id}/notas/propuesta': 'Leer el XML de una nota y proponer los servicios de la factura que corrige',
  'POST /api/FevRips/{id}/notas': 'Crear una nota crédito, débito o de ajuste sobre una factura aprobada (su XML y los servicios)',
  'POST /api/FevRips/{id}/anular': 'Anular un documento',
  'POST /api/FevRips/{id}/reactivar': 'Reactivar un documento anulado',
  'POST /api/FevRips/{id}/eliminar-archivo': 'Quitar el XML o el RIPS de un documento',
  'POST /api/fevrips/informe-listado': 'Descargar el informe en Excel de los documentos filtrados',
  'POST /api/FevRips/respuesta-listado': 'Descargar las respuestas del Ministerio de varios documentos',
  'POST /api/FevRips/formatos-pagina': 'Números de documento de una página del listado',
  'POST /api/FevRips/sincronizar-formato': 'Consultar de nuevo al Ministerio el resultado de un documento',
  'POST /api/FevRips/envio-masivo': 'Enviar varios documentos al Ministerio (en cola)',
  'POST /api/FevRips/envio-masivo/resultado': 'Cómo va un envío masivo',

  'POST /api/FevRips/consultar-cuv/': 'Consultar un CUV ante el Ministerio (pública)',
  'POST /api/FevRips/consultar-cuv': 'Consultar un CUV ante el Ministerio (pública, sin barra final)',

  'GET /api/integraciones/claves': 'Listar las claves de API de la empresa',
  'POST /api/integraciones/claves': 'Crear una clave de API (se muestra una sola vez)',
  'DELETE /api/integraciones/claves/{id}': 'Revocar una clave de API',
  'POST /api/integraciones/claves/{id}/confirmar': 'Confirmar una clave suspendida por un cambio de rol',

  'GET /api/canales/sftp': 'Ver el canal SFTP: usuario, servidor y huella',
  'PUT /api/canales/sftp': 'Guardar el canal SFTP',
  'GET /api/canales/correo': 'Ver el canal de correo: dirección y remitentes autorizados',
  'PUT /api/canales/correo': 'Guardar el canal de correo',
  'POST /api/canales/correo/rotar': 'Crear una dirección de correo nueva (la anterior deja de recibir)',
  'GET /api/canales/correo/entrantes': 'Registro de correos recibidos',

  'GET /api/Auth/tercero-fevrips': 'Ver la configuración del prestador',
  'POST /api/Auth/crear-configuracion-fevrips': 'Crear la configuración del prestador',
  'POST /api/Auth/probar-conexion-fevrips': 'Probar las credenciales del validador con el Ministerio',
  'PUT /api/Auth/actualizar-configuracion-fevrips': 'Actualizar la configuración del prestador',
  'GET /api/Auth/prestadores/autocomplete': 'Buscar prestadores en el REPS',

  'GET /api/rips/borradores': 'Listar los RIPS en edición',
  'POST /api/rips/borradores': 'Crear un RIPS en edición',
  'GET /api/rips/borradores/{id}': 'Ver un RIPS en edición',
  'PATCH /api/rips/borradores/{id}': 'Guardar cambios de un RIPS en edición',
  'DELETE /api/rips/borradores/{id}': 'Eliminar un RIPS en edición',
  'GET /api/rips/borradores/{id}/versiones': 'Versiones anteriores de un RIPS en edición',
  'POST /api/rips/borradores/{id}/versiones/{versionId}/restaurar': 'Restaurar una versión anterior de un RIPS en edición',
  'PUT /api/rips/borradores/{id}/xml': 'Adjuntar la factura (XML) a un RIPS en edición',
  'GET /api/rips/borradores/{id}/json': 'Descargar el RIPS en JSON',
  'GET /api/rips/borradores/{id}/hoja': 'Descargar el RIPS en hoja de cálculo',
  'POST /api/rips/borradores/{id}/radicar': 'Radicar un RIPS creado en la plataforma',
  'GET /api/rips/plantilla': 'Descargar la plantilla de hoja de cálculo',
  'GET /api/rips/estructura': 'Estructura de los RIPS según la resolución vigente',
  'GET /api/rips/referencias/{tipo}': 'Tablas de referencia (CUPS, CIE, municipios…)',
  'GET /api/rips/pacientes': 'Listar pacientes',
  'POST /api/rips/pacientes': 'Registrar un paciente',
  'GET /api/rips/pacientes/buscar': 'Buscar pacientes',
  'PUT /api/rips/pacientes/{id}': 'Actualizar un paciente',
  'DELETE /api/rips/pacientes/{id}': 'Eliminar un paciente',
  'POST /api/rips/pacientes/importar': 'Importar pacientes desde una hoja de cálculo',
  'POST /api/rips/pacientes/sincronizar': 'Tomar los pacientes de los RIPS ya cargados',
  'GET /api/rips/pacientes/accesos': 'Registro de accesos a los datos de pacientes',
  'GET /api/rips/pacientes/exportar': 'Exportar los pacientes',
  'GET /api/rips/medicamentos': 'Listar medicamentos',
  'POST /api/rips/medicamentos': 'Registrar un medicamento',
  'PUT /api/rips/medicamentos/{id}': 'Actualizar un medicamento',
  'DELETE /api/rips/medicamentos/{id}': 'Eliminar un medicamento',

  'POST /api/Auth/check-email-availability': 'Saber si un correo ya tiene cuenta',
  'POST /api/Auth/check-nit': 'Saber si una empresa con ese NIT ya tiene cuenta',
  'POST /api/Email/send-verification-code': 'Enviar el código de verificación del registro',
  'POST /api/Email/verify-code': 'Verificar el código del registro',
  'POST /api/Auth/registration': 'Crear una cuenta',
  'POST /api/Auth/login': 'Iniciar sesión',
  'POST /api/Auth/google': 'Iniciar sesión con Google',
  'POST /api/Auth/forgot-password': 'Pedir el código para restablecer la contraseña',
  'POST /api/Auth/reset-password': 'Restablecer la contraseña con el código',
  'POST /api/Auth/request-password-change-code': 'Pedir el código para cambiar la contraseña',
  'POST /api/Auth/verify-password-change-code': 'Cambiar la contraseña con el código',
  'PUT /api/Auth/actualizar-tercero': 'Actualizar los datos de la empresa',
  'POST /api/Auth/refresh': 'Renovar la sesión',
  'POST /api/Auth/logout': 'Cerrar la sesión',
  'GET /api/Geografia/autocomplete': 'Buscar departamentos y municipios',
  'GET /api/Auth/productos-comprados': 'Módulos comprados por la empresa',

  'GET /api/usuarios': 'Listar los usuarios y las invitaciones',
  'GET /api/usuarios/yo': 'Mi usuario y mi rol',
  'PATCH /api/usuarios/{id}': 'Cambiar el rol de un usuario',
  'DELETE /api/usuarios/{id}': 'Quitar un usuario',
  'POST /api/usuarios/invitaciones': 'Invitar a una persona',
  'POST /api/usuarios/invitaciones/{id}/reenviar': 'Reenviar una invitación',
  'DELETE /api/usuarios/invitaciones/{id}': 'Cancelar una invitación',
  'POST /api/usuarios/yo/whatsapp': 'Vincular mi número de WhatsApp (envía un código)',
  'DELETE /api/usuarios/yo/whatsapp': 'Desvincular mi número de WhatsApp',
  'POST /api/usuarios/yo/whatsapp/confirmar': 'Confirmar mi número de WhatsApp con el código',
  'POST /api/usuarios/invitaciones/consultar': 'Ver una invitación por su enlace',
  'POST /api/usuarios/invitaciones/aceptar': 'Aceptar una invitación',

  'GET /api/payment/config': 'Configuración de la pasarela de pagos',
  'POST /api/payment/validate-coupon': 'Validar un cupón',
  'POST /api/payment/create-sale': 'Crear una venta y su pago',
  'GET /api/payment/sales/{reference}': 'Estado de una venta',
  'POST /api/payment/webhook': 'Eventos de la pasarela de pagos (Wompi)',
  'POST /api/payment/business-contact': 'Solicitar el plan Business',
  'GET /api/payment/mi-plan': 'Mi plan: módulos, vigencia y pagos',
  'GET /api/payment/datos-facturacion': 'Datos de facturación para la próxima compra',

  'POST /api/chat': 'Enviar un mensaje al asistente',
  'GET /api/whatsapp/webhook': 'Verificación del webhook de WhatsApp (Meta)',
  'POST /api/whatsapp/webhook': 'Mensajes entrantes de WhatsApp (Meta)',

  'GET /ping': 'Comprobar que el servicio responde',
  'GET /health/ready': 'Comprobar que el servicio está listo (base de datos)',
  'GET /api/info': 'Versión del servicio',
};

/** The tag of `url` (a Fastify path, `:id` or `{id}`), or undefined. */
export function etiquetaDe(url: string): TEtiqueta | undefined {
  return POR_PREFIJO.find(([re]) => re.test(url))?.[1];
}

/** The summary of `METHOD url` (Fastify's `:id` read as OpenAPI's `{id}`), or undefined. */
export function resumenDe(method: string, url: string): string | undefined {
  return RESUMENES[`${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`];
}
