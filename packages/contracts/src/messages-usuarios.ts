/**
 * The users and roles domain of the Spanish catalogue (Configuración › Usuarios, invitations, the roles'
 * refusals, the WhatsApp link and assistant). All Radica's own texts, in tú. Each text is defined once in the whole
 * catalogue (index-check.test.ts).
 */
export const MSG_USUARIOS = {
  /** A removed user signing in with the right password, or whose session ended with the removal. */
  usuarioRetirado: (empresa: string) =>
    `Un administrador de ${empresa} retiró tu usuario: ya no puedes entrar a esa cuenta. Si necesitas acceso, pídele que te invite de nuevo.`,
  /** The login page after a session an administrator ended by lowering the role. */
  sesionRolCambiado: (rol: string) =>
    `Un administrador cambió tu rol a ${rol} y tu sesión se cerró. Inicia sesión de nuevo para seguir con los permisos de ese rol.`,
  /** 403 of a route the caller's role may not use: names the role(s) needed (plugins/roles.ts). */
  rolRequerido: (necesarios: string, actual: string) =>
    `Esta acción requiere el rol ${necesarios}; tu rol es ${actual}. Pídele a un administrador de tu empresa que la haga o que cambie tu rol.`,
  rolInvalido: 'El rol debe ser administrador, facturador o consulta.',
  nombreObligatorio: 'Escribe tu nombre.',
  nombreLargo: 'El nombre admite hasta 120 caracteres.',
  // invitations
  invitacionEnviada: (email: string) => `Invitación enviada a ${email}. El enlace vale 7 días.`,
  invitacionReenviada: (email: string) => `Invitación reenviada a ${email}: el enlace anterior ya no funciona.`,
  invitacionCancelada: 'Invitación cancelada: su enlace ya no funciona.',
  invitacionInvalida: 'El enlace de invitación no es válido, ya se usó, se canceló o venció. Pídele a tu administrador que te envíe una nueva.',
  invitacionCorreoFallo: 'No se pudo enviar el correo de invitación. Revisa la dirección e inténtalo de nuevo en unos minutos.',
  invitacionNoEncontrada: 'No se encontró esa invitación.',
  invitacionYaPendiente: (email: string) => `Ya hay una invitación pendiente para ${email}: reenvíala o cancélala.`,
  emailYaEsUsuario: (email: string) => `${email} ya es usuario de tu empresa.`,
  emailConOtraEmpresa: (email: string) =>
    `${email} ya tiene una cuenta de Radica con otra empresa. Una persona pertenece a una sola empresa: invita otro correo o pide que esa cuenta se elimine primero.`,
  invitacionEmailGoogle: (email: string) => `La cuenta de Google no es ${email}: entra con la cuenta de Google de ese correo o crea una contraseña.`,
  invitacionAceptada: (empresa: string) => `¡Bienvenido a ${empresa}! Tu cuenta quedó lista.`,
  puestosAgotados: (total: number) =>
    total === 1
      ? 'Tu plan Profesional incluye un solo usuario. Con el plan Business tu equipo tiene varios usuarios con roles.'
      : `Tu plan tiene ${total} usuarios y ya están todos en uso (contando invitaciones pendientes). Elimina un usuario o cancela una invitación, o pide más puestos.`,
  planSinUsuarios: 'Tu empresa no tiene un plan activo: compra uno para invitar usuarios.',
  // users
  usuarioNoEncontrado: 'No se encontró ese usuario en tu empresa.',
  idInvalido: 'El identificador debe ser un número entero positivo.',
  rolCambiado: (nombre: string, rol: string) => `${nombre} ahora es ${rol}.`,
  usuarioEliminado: (nombre: string) => `${nombre} ya no tiene acceso a Radica. Sus sesiones se cerraron.`,
  ultimoAdministrador: 'Tu empresa debe conservar al menos un administrador: nombra otro antes de cambiar este rol o eliminar este usuario.',
  noEliminarseASiMismo: 'No puedes eliminar tu propio usuario: pídele a otro administrador que lo haga.',
  clavesSuspendidas: (n: number) =>
    n === 1
      ? '1 clave de API creada por este usuario quedó suspendida hasta que un administrador la confirme.'
      : `${n} claves de API creadas por este usuario quedaron suspendidas hasta que un administrador las confirme.`,
  claveSuspendida: 'Esta clave de API está suspendida: quien la creó ya no es administrador. Un administrador debe confirmarla en Configuración › Integraciones.',
  claveConfirmada: 'Clave confirmada: vuelve a funcionar y queda a tu nombre.',
  // Configuración › Usuarios (web)
  tabUsuarios: 'Usuarios',
  usuariosTitulo: 'Usuarios de tu empresa',
  usuariosDescripcion: 'Invita a tu equipo y define qué puede hacer cada persona. Un cambio de rol aplica de inmediato.',
  puestos: (usados: number, total: number) => `${usados} de ${total} ${total === 1 ? 'usuario' : 'usuarios'}`,
  puestosAyuda: 'Cuentan los usuarios activos y las invitaciones sin aceptar.',
  invitarTitulo: 'Invitar a una persona',
  campoEmailInvitado: 'Correo de la persona',
  campoRol: 'Rol',
  invitar: 'Enviar invitación',
  invitacionesTitulo: 'Invitaciones sin aceptar',
  usuariosVacio: 'Aún no hay más usuarios',
  columnaNombre: 'Nombre',
  columnaCorreo: 'Correo',
  columnaUltimoIngreso: 'Último ingreso',
  columnaInvitadoPor: 'Invitó',
  nuncaIngreso: 'Aún no ingresa',
  estadoActivo: 'Activo',
  estadoPendiente: 'Pendiente',
  tu: '(tú)',
  reenviar: 'Reenviar',
  cancelarInvitacion: 'Cancelar invitación',
  eliminarUsuario: 'Eliminar usuario',
  rolDe: (nombre: string) => `Rol de ${nombre}`,
  eliminarTitulo: (nombre: string) => `¿Eliminar a ${nombre}?`,
  eliminarExplicacion:
    'Perderá el acceso de inmediato y sus sesiones se cerrarán. Su nombre se conserva en el historial de los documentos. Las claves de API que haya creado quedarán suspendidas hasta que un administrador las confirme.',
  bajarRolTitulo: '¿Cambiar el rol?',
  bajarRolExplicacion: (nombre: string, rol: string) => `${nombre} pasará a ${rol}. Sus sesiones se cerrarán y deberá ingresar de nuevo.`,
  confirmarCambio: 'Sí, cambiar el rol',
  soloAdministradores: 'Esta sección es solo para los administradores de tu empresa.',
  errorCarga: (detalle: string) => `No se pudieron cargar los usuarios: ${detalle}`,
  // the invitation page (/auth/invitacion)
  invitacionPaginaTitulo: 'Únete a tu equipo en Radica',
  invitacionPaginaSubtitulo: (invitadoPor: string, empresa: string, rol: string) => `${invitadoPor} te invitó a ${empresa} con el rol ${rol}.`,
  invitacionCrearCuenta: 'Crear mi cuenta',
  invitacionTuNombre: 'Tu nombre',
  invitacionVence: (fecha: string) => `La invitación vence el ${fecha}.`,
  invitacionSinToken: 'Falta el código del enlace. Abre el enlace completo que recibiste por correo.',
  // the document history (detail page)
  historialTitulo: 'Historial',
  historialVacio: 'Aún no hay acciones registradas en este documento.',
  historialCanal: 'Sin persona (canal automático)',
  // API keys (Configuración › Integraciones)
  claveEstadoSuspendida: 'Suspendida',
  claveConfirmarDe: (nombre: string) => `Confirmar la clave ${nombre}`,
  claveCreadaPor: (nombre: string) => `Creada por ${nombre}`,
  // the invitation mail
  invitacionAsunto: (empresa: string) => `Te invitaron a ${empresa} en Radica`,
  invitacionTexto: (o: { invitadoPor: string; empresa: string; rol: string; enlace: string; dias: number }) =>
    `Hola:\n\n${o.invitadoPor} te invitó a ${o.empresa} en Radica con el rol ${o.rol}.\n\n` +
    `Para aceptar, abre este enlace y crea tu contraseña (o entra con Google con este mismo correo):\n${o.enlace}\n\n` +
    `El enlace vale ${o.dias} días y se puede usar una sola vez. Si no esperabas esta invitación, ignora este mensaje.\n\nRadica`,
  // WhatsApp link (profile)
  whatsappNumeroInvalido: 'Escribe el número de WhatsApp con su indicativo, por ejemplo +57 300 123 4567.',
  whatsappCodigoFormato: 'El código tiene 6 dígitos.',
  whatsappCodigoEnviado: (numero: string) => `Te enviamos un código por WhatsApp al +${numero}. Escríbelo aquí para vincular el número.`,
  whatsappCodigoIncorrecto: 'El código no coincide. Revisa el mensaje de WhatsApp e inténtalo de nuevo.',
  whatsappCodigoVencido: 'El código venció o ya se usó: pide uno nuevo.',
  whatsappVinculado: (numero: string) => `Listo: el +${numero} quedó vinculado. Escríbele a Radica por WhatsApp para consultar tus documentos.`,
  whatsappDesvinculado: 'El número se desvinculó: Radica ya no responde a ese WhatsApp con datos de tu empresa.',
  whatsappEnvioFallido: 'No se pudo enviar el código por WhatsApp: revisa el número (con su indicativo) e inténtalo de nuevo.',
  whatsappNumeroOcupado: 'Ese número ya está vinculado a otro usuario de Radica.',
  whatsappVerificacion: 'El token de verificación del webhook de WhatsApp no coincide con WHATSAPP_VERIFY_TOKEN.',
  whatsappFirmaInvalida: 'La firma X-Hub-Signature-256 no corresponde al contenido: la notificación se descartó.',
  whatsappNoDisponible: 'WhatsApp no está configurado en este servidor de Radica.',
  whatsappSoloBusiness: 'El asistente de WhatsApp es del plan Business.',
  // Perfil › WhatsApp (web)
  whatsappTarjetaDescripcion:
    'Vincula tu número para preguntarle a Radica por WhatsApp el estado y el CUV de un documento, por qué lo rechazaron y cómo corregirlo, o los envíos de hoy.',
  whatsappCampoNumero: 'Número de WhatsApp',
  whatsappEnviarCodigo: 'Enviar código',
  whatsappReenviarCodigo: 'Enviar otro código',
  whatsappCampoCodigo: (numero: string) => `Código que llegó al +${numero}`,
  whatsappVincular: 'Vincular número',
  whatsappNumeroVinculado: (numero: string) => `Vinculado al +${numero}`,
  whatsappDesvincular: 'Desvincular',
  // the WhatsApp assistant's own answers
  whatsappDesconocido:
    'Hola, soy el asistente de Radica. Este número no está vinculado a ningún usuario: vincúlalo en Radica › Perfil › WhatsApp para consultar tus documentos.',
  whatsappLimite: 'Recibí muchos mensajes seguidos. Espera unos minutos y vuelve a escribir.',
  whatsappSoloTexto: 'Por ahora solo leo mensajes de texto. Escríbeme tu pregunta, por ejemplo: «estado de la factura FE123».',
  whatsappSinPlan: 'El asistente de WhatsApp es del plan Business: tu empresa no lo tiene activo.',
  // registration with a NIT another account already has: a warning, the user may go on
  nitYaRegistradoTitulo: (nit: string) => `Ya hay una empresa registrada en Radica con el NIT ${nit}.`,
  nitYaRegistradoCuerpo:
    'Si trabajas en ella, no crees otra cuenta: pide a su administrador que te invite desde Configuración › Usuarios. Con la invitación entras a la misma empresa, con sus documentos y su plan.',
  nitYaRegistradoSeguir: 'Si de todos modos necesitas una cuenta aparte (por ejemplo, para otra sede), pulsa Siguiente.',
} as const;
