import { REGLAS, type TRegla } from '@radica/contracts/reglas';
import { MESES_PLAN, PLANES } from '@radica/contracts/plans';
import { ESTADO_ETIQUETAS } from '@radica/contracts/enums';

/**
 * Radica's help articles: what the built-in assistant answers from.
 * Written for Radica in Spanish, shipped with it. The articles about the ministry's rejection codes are not written
 * here: they are made from the rule catalogue (packages/contracts/src/reglas.ts, `significado` and `comoCorregir`), the
 * same text the errors panel and the detail page show under each finding, so there is one source for both.
 */
export type TArticulo = {
  id: string;
  titulo: string;
  /** The screen the article is about (an app path), or null. */
  ruta: string | null;
  /**
   * The screen for a signed-in user when it is not `ruta` (the technical chat's links went to the sales page
   * '/'): null for no link. Absent: `ruta`, except '/' which has no link for a signed-in user.
   */
  rutaApp?: string | null;
  /** Words a user may ask with that the text does not say (synonyms, common phrasings). */
  claves: string;
  /** The answer, in short paragraphs; may hold Markdown links to app paths. */
  texto: string;
  /** 'ventas' articles answer visitors too; 'tecnico' ones only signed-in users. */
  publico: 'ventas' | 'tecnico';
};

const cop = (n: number) => `$${n.toLocaleString('es-CO')} COP`;
const profesional = PLANES.profesional;
const business = PLANES.business;

const ESCRITOS: TArticulo[] = [
  {
    id: 'que-es-radica',
    titulo: 'Qué es Radica',
    ruta: '/',
    publico: 'ventas',
    claves: 'plataforma servicio empresa quienes son ofrecen hace sirve funciona',
    texto:
      'Radica es una plataforma para prestadores de servicios de salud en Colombia: recibe la factura electrónica (XML) y los RIPS (JSON) de cada atención, los revisa con las reglas del validador del Ministerio de Salud antes de enviarlos, los radica ante el Ministerio (API FEV-RIPS) y te muestra el resultado: el CUV cuando la factura es aprobada, o cada error con la forma de corregirlo.',
  },
  {
    id: 'planes-precios',
    titulo: 'Planes y precios',
    ruta: '/billing/cart',
    publico: 'ventas',
    claves: 'precio cuanto cuesta valor plan planes tarifa costo mensual anual suscripcion profesional business usuarios cuantos multiusuario incluye',
    // Short lines, one fact each (the answer was one run-on paragraph); the chat keeps the line breaks.
    texto: [
      'Radica tiene dos planes:',
      '',
      `**${profesional.name}**: ${cop(profesional.yearlyPrice ?? 0)} por ${MESES_PLAN} meses.`,
      profesional.description,
      'Incluye:',
      ...profesional.features.map((f) => `- ${f}`),
      '',
      `**${business.name}**: precio a convenir según el volumen.`,
      business.description,
      'Incluye:',
      ...business.features.map((f) => `- ${f}`),
      '',
      `El plan ${profesional.name} se compra en línea. Para ${business.name}, escríbenos desde la página de precios.`,
    ].join('\n'),
  },
  {
    id: 'medios-de-pago',
    titulo: 'Medios de pago',
    ruta: '/billing/cart',
    publico: 'ventas',
    claves: 'pagar pago tarjeta credito debito pse nequi bancolombia transferencia comprar factura cuotas',
    texto:
      // The purchase form charges a card in one payment (`installments: 1`): no instalments are promised.
      [
        'Puedes pagar el plan con:',
        '- Tarjeta de crédito o débito, en un solo pago (sin cuotas)',
        '- PSE desde tu banco',
        '- Nequi',
        '- Transferencia Bancolombia',
        'El pago lo procesa la pasarela Wompi: Radica nunca recibe los datos de tu tarjeta.',
        'Al aprobarse el pago, el módulo queda activo en tu cuenta de inmediato y te llega la confirmación por correo.',
      ].join('\n'),
  },
  {
    id: 'canales-de-entrega',
    titulo: 'Canales para enviar tus archivos',
    ruta: '/',
    rutaApp: '/settings?tab=canales',
    publico: 'ventas',
    claves: 'canal canales correo email ftp sftp api integracion plataforma subir enviar archivos automatico his erp',
    texto:
      'Puedes entregarle a Radica la factura (XML) y los RIPS (JSON) por cuatro canales: la plataforma web (subes los archivos desde el navegador), el correo electrónico (adjuntas el par a tu buzón de radicación), una carpeta FTP/SFTP donde tu software de facturación deja los archivos, y la API para integrar tu HIS o ERP. Todos siguen el mismo camino: validación, envío al Ministerio y resultado.',
  },
  {
    id: 'canal-correo',
    titulo: 'Configurar el canal de correo',
    ruta: '/settings?tab=canales',
    publico: 'tecnico',
    claves: 'correo email e-mail buzon direccion radicacion remitente remitentes autorizados adjunto zip configurar canal',
    texto:
      'Para radicar por correo abre [Configuración › Canales](/settings?tab=canales): en "Canal de correo" está la dirección de radicación de tu empresa (cópiala en tu sistema de facturación). En "Remitentes autorizados" agrega cada correo que enviará archivos: los de otras direcciones no se procesan (el correo de tu cuenta queda autorizado al crear el canal). Envía la factura (XML) y su RIPS (JSON), o un ZIP con ellos, como adjuntos; Radica responde al remitente con el resultado. Marca "Enviar al Ministerio lo que llegue completo por correo" para que radique sin pasar por la aplicación.',
  },
  {
    id: 'canal-sftp',
    titulo: 'Configurar el canal SFTP',
    ruta: '/settings?tab=canales',
    publico: 'tecnico',
    claves: 'sftp ftp carpeta servidor filezilla winscp usuario clave publica huella host puerto conectar configurar canal',
    texto:
      'Para radicar por SFTP abre [Configuración › Canales](/settings?tab=canales) y en "Canal SFTP" revisa el usuario sugerido, define una contraseña o pega tu clave pública y guarda. La tarjeta muestra el servidor, el puerto y la huella del servidor: compárala con la que muestra tu cliente (FileZilla, WinSCP) la primera vez. Deja el XML y el JSON de cada factura en la carpeta entrada/ y lee la respuesta del Ministerio en resultados/.',
  },
  {
    id: 'canal-api',
    titulo: 'Integrar tu sistema por la API',
    ruta: '/settings?tab=integraciones',
    publico: 'tecnico',
    claves: 'api integracion integrar his erp software clave token key webhook desarrollador documentacion swagger openapi paquetes',
    texto:
      'Para que tu HIS o software de facturación radique sin abrir Radica, crea una clave en [Configuración › Integraciones](/settings?tab=integraciones) y envíala en el encabezado Authorization: Bearer. Radica paquetes con POST /api/v1/paquetes (el XML y el RIPS en multipart, o JSON como la API del Ministerio) y consulta el resultado con GET /api/v1/paquetes/{id}. La referencia completa está en la documentación de la API (/api/docs), y en la misma pestaña registras un webhook para recibir cada resultado.',
  },
  {
    id: 'registro',
    titulo: 'Crear una cuenta',
    ruta: '/auth/register',
    publico: 'ventas',
    claves: 'registrarme registro cuenta crear inscribirme empezar usuario nuevo google',
    texto:
      'Para crear tu cuenta entra a [Registrarme](/auth/register): escribe tu correo y una contraseña (o usa tu cuenta de Google), completa los datos de tu empresa o de tu persona (identificación, ubicación y contacto) y confirma el código de 6 dígitos que te llega por correo. Después puedes comprar el plan y configurar tu prestador.',
  },
  {
    id: 'configurar-prestador',
    titulo: 'Configurar tu prestador',
    ruta: '/settings?tab=ministerio',
    publico: 'tecnico',
    claves: 'configurar configuracion prestador reps codigo habilitacion validador usuario contraseña credenciales ministerio sispro',
    texto:
      'Antes de enviar al Ministerio configura tu prestador en [Configuración › Ministerio](/settings?tab=ministerio): busca tu prestador por código de habilitación, NIT o nombre y selecciónalo (se cargan sus datos del REPS), y escribe el usuario y la contraseña del validador del Ministerio (SISPRO). Con "Probar conexión" compruebas que el Ministerio acepta esas credenciales antes del primer envío. La contraseña se guarda cifrada y nunca se muestra.',
  },
  {
    id: 'subir-y-enviar',
    titulo: 'Subir y enviar una factura al Ministerio',
    ruta: '/ministerio/nuevo',
    publico: 'tecnico',
    claves: 'subir cargar enviar radicar factura rips xml json nuevo reporte como envio',
    texto:
      'En [Ministerio › Nuevo reporte](/ministerio/nuevo) sube el XML de la factura electrónica (el AttachedDocument que te entregó la DIAN) y el JSON de los RIPS; Radica los empareja por número de factura. Antes de enviar revisa los hallazgos de la prevalidación: los rechazos marcan lo que el Ministerio va a rechazar. Luego pulsa "Enviar al Ministerio"; en unos segundos ves el resultado: el CUV si fue aprobada, o los errores con cómo corregirlos. Desde el listado puedes enviar varios documentos a la vez.',
  },
  {
    id: 'que-es-cuv',
    titulo: 'Qué es el CUV',
    ruta: '/ministerio',
    publico: 'ventas',
    claves: 'cuv codigo unico validacion aprobado consultar donde veo',
    texto:
      'El CUV (Código Único de Validación) es el código de 96 caracteres que el Ministerio de Salud asigna a una factura con sus RIPS cuando pasa todas sus validaciones. Es la prueba de que el paquete fue radicado: lo necesitas para presentar la cuenta al pagador. En Radica lo ves en el detalle del documento, puedes copiarlo y descargar la respuesta del Ministerio.',
  },
  {
    id: 'estados',
    titulo: 'Los estados de un documento',
    ruta: '/ministerio',
    publico: 'tecnico',
    claves: 'estado estados significa pendiente espera listo procesando aprobado no aprobado anulado error rechazado',
    texto: `Cada documento tiene un estado: **${ESTADO_ETIQUETAS.PENDIENTE_XML}** (PENDIENTE_XML) y **${ESTADO_ETIQUETAS.PENDIENTE_RIPS}** (PENDIENTE_RIPS): falta uno de los dos archivos; **${ESTADO_ETIQUETAS.EN_ESPERA}** (EN_ESPERA): tiene sus archivos y no se ha enviado; **${ESTADO_ETIQUETAS.PROCESADO}** (PROCESADO): reactivado con sus archivos; **${ESTADO_ETIQUETAS.ENPROCESO}** (ENPROCESO): se está enviando; **${ESTADO_ETIQUETAS.APROBADO}** (APROBADO): el Ministerio lo aprobó y tiene CUV; **${ESTADO_ETIQUETAS.NO_APROBADO}** (NO_APROBADO o RECHAZADO): el Ministerio lo rechazó, corrige y reenvía; ERROR: el Ministerio no respondió, puedes reenviarlo; **${ESTADO_ETIQUETAS.ANULADO}** (ANULADO): lo anulaste, puedes reactivarlo.`,
  },
  {
    id: 'estado-no-aprobado',
    titulo: 'Qué hacer con un documento no aprobado',
    ruta: '/ministerio',
    publico: 'tecnico',
    claves: 'rechazado rechazo rechazaron no aprobado devolvieron errores corregir reenviar por que',
    texto:
      'Un documento No aprobado tiene al menos un hallazgo de clase RECHAZADO del Ministerio. Abre su detalle: cada error dice su código, qué significa y cómo corregirlo. Corrige el dato en tu software de facturación, vuelve a generar el archivo (el RIPS casi siempre; la factura solo si el error es de la factura), reemplázalo en el documento y reenvíalo. Las notificaciones no impiden el CUV. Pregúntame por la factura por su número, por ejemplo "¿por qué rechazaron la factura FE123?".',
  },
  {
    id: 'estado-error',
    titulo: 'Documento en ERROR: el Ministerio no respondió',
    ruta: '/ministerio',
    publico: 'tecnico',
    claves: 'error no respondio caido servicio ministerio disponible tiempo espera timeout reintentar',
    texto:
      'El estado ERROR significa que el Ministerio no pudo recibir el paquete (su servicio no respondió o rechazó la conexión): no es un problema de tus archivos. Reenvíalo más tarde desde el detalle o desde el listado. Si la respuesta se perdió en el camino, Radica verifica solo el envío y recupera el CUV si el Ministerio sí lo había aprobado.',
  },
  {
    id: 'prevalidacion',
    titulo: 'La prevalidación de Radica',
    ruta: '/ministerio/nuevo',
    publico: 'ventas',
    claves: 'prevalidacion validacion previa revisar antes reglas hallazgos validador local',
    texto:
      'Al subir los archivos Radica los revisa con las reglas del validador del Ministerio que se pueden decidir con la factura, los RIPS y las tablas de referencia (CUPS, CIE-10, DIVIPOLA): estructura de la Resolución 2275 de 2023 o de la Resolución 948 de 2026 según la fecha de la factura, cruces entre la factura y los RIPS, fechas, diagnósticos y valores. Cada hallazgo trae su código, qué significa y cómo corregirlo, para que corrijas antes de radicar.',
  },
  {
    id: 'resolucion-948',
    titulo: 'Resolución 948 de 2026: la nueva estructura de los RIPS',
    ruta: '/ministerio/nuevo',
    publico: 'ventas',
    claves: 'resolucion 948 2275 estructura nueva cie11 cie-11 cambio norma documento tecnico',
    texto:
      'La Resolución 948 de 2026 reemplazó a la 2275 de 2023: los RIPS de facturas desde el 1 de julio de 2026 llevan junto a cada diagnóstico CIE-10 su par CIE-11 (código y nombre, en null si no se informa), los medicamentos ya no llevan numAutorizacion, los medicamentos y otros servicios agregan vrDispensacion, cada servicio puede llevar codigoVIDA y los usuarios SOAT informan registroSIRAS; según la versión 3 del documento técnico (15 de julio de 2026), incapacidad se informa 01 (sí) o 02 (no). Radica elige la estructura por la fecha de la factura y te dice con cuál revisó cada archivo; si tu software aún genera la estructura anterior, verás un solo aviso que lo explica.',
  },
  {
    id: 'notas-y-paquetes',
    titulo: 'Notas crédito, débito, de ajuste y RIPS sin factura',
    ruta: '/ministerio/nuevo',
    publico: 'tecnico',
    claves: 'nota credito debito ajuste total capitacion capita rips sin factura paquete tipo nc nd na rs',
    texto:
      'Radica reconoce el tipo de paquete por los archivos y lo envía al servicio del Ministerio que corresponde: factura con RIPS, nota crédito con los RIPS de los servicios acreditados (tipoNota NC) o sola como nota crédito total, nota débito (ND), nota de ajuste (NA), RIPS sin factura (RS, sin XML) y capitación (inicial, del periodo y nota crédito de cápita). El detalle muestra el "Tipo de paquete". En las notas, numNota es el número de la nota y numFactura el de la factura que corrige, y no llevan pagos moderadores.',
  },
  {
    id: 'descargas',
    titulo: 'Informes y descargas',
    ruta: '/ministerio',
    publico: 'tecnico',
    claves: 'excel informe descargar respuestas zip json reporte exportar',
    texto:
      'Desde el listado del Ministerio puedes descargar el informe en Excel de los documentos filtrados y las respuestas del Ministerio (un ZIP con un JSON por documento). En el detalle de cada documento descargas su respuesta y copias el CUV.',
  },
  {
    id: 'contrasena',
    titulo: 'Cambiar o recuperar la contraseña',
    ruta: '/settings',
    publico: 'ventas',
    claves: 'contraseña clave olvide recuperar cambiar restablecer acceso ingresar',
    texto:
      'Si olvidaste tu contraseña usa "¿Olvidaste tu contraseña?" en el inicio de sesión: te llega un código al correo para crear una nueva. Si ya ingresaste, cámbiala en [Configuración](/settings) con "Cambiar Contraseña". Las cuentas creadas con Google administran la contraseña en Google.',
  },
  {
    id: 'datos-empresa',
    titulo: 'Actualizar los datos de tu empresa',
    ruta: '/settings',
    publico: 'tecnico',
    claves: 'datos empresa razon social nit direccion telefono actualizar editar tercero informacion general',
    texto:
      'Los datos de tu empresa o persona (razón social, identificación, dirección, teléfono, correo) se editan en [Configuración › General](/settings) con el lápiz. Antes de guardar confirmas los cambios importantes. El NIT debe ser el de tus facturas: Radica solo acepta archivos cuyo obligado a facturar sea tu identificación.',
  },
  {
    id: 'modulos',
    titulo: 'Módulos y acceso',
    ruta: '/pricing/ministerio',
    publico: 'ventas',
    claves: 'modulo modulos acceso activar comprar marketing facturacion automatizaciones proximamente estrella',
    texto:
      'Radica se organiza en módulos: Ministerio de Salud (reportes FEV/RIPS), Facturación electrónica, Marketing digital y Automatizaciones. Los que aún no tienes aparecen con una estrella y "Próximamente disponible"; al entrar te llevan a su página de precios. El plan Profesional activa el módulo del Ministerio.',
  },

  // The product's own features (issue: a question about inviting a user was answered with a discharge rule): one
  // article per feature, so a question about the product finds the product before any rule of the catalogue.
  {
    id: 'usuarios-roles',
    titulo: 'Invitar usuarios y cambiar su rol',
    ruta: '/settings?tab=usuarios',
    publico: 'tecnico',
    claves: 'invitar invito invitacion usuario usuarios otro otra persona compañero equipo agregar añadir rol roles permisos administrador facturador consulta quitar quito sacar eliminar acceso cuenta empresa puestos cupos multiusuario',
    texto:
      'En [Configuración › Usuarios](/settings?tab=usuarios) el administrador invita a otra persona con el correo de ella y un rol: Administrador (todo), Facturador (carga, crea y edita RIPS, envía, anula y descarga) o Consulta (solo lectura). A esa persona le llega un enlace válido por 7 días para crear una contraseña o entrar con Google. Desde la misma pestaña cambias el rol de un usuario o lo quitas, y ves los puestos usados: el plan Business trae 10, contando las invitaciones abiertas; el plan Profesional, uno.',
  },
  {
    id: 'editor-rips',
    titulo: 'Crear y corregir RIPS en el editor',
    ruta: '/listado-rips',
    publico: 'tecnico',
    claves: 'editor editar crear corregir rips nuevo usuario servicio consulta procedimiento teclado atajos radicar borrador listado autoguardado versiones deshacer',
    texto:
      'En [RIPS › Listado RIPS](/listado-rips) pulsa «Nuevo RIPS» y empieza desde la factura (XML), desde una hoja de cálculo, desde un RIPS JSON que ya tienes, o en blanco. El editor guarda solo cada cambio y muestra los hallazgos del validador junto a cada campo. Alt+U agrega un usuario, Alt+N un servicio y Alt+D duplica el servicio. Si eliminas un usuario o un servicio puedes deshacerlo, y en «Versiones anteriores» recuperas versiones guardadas. Con la factura cargada y sin rechazos, «Radicar» lo deja como documento del Ministerio listo para enviar.',
  },
  {
    id: 'hojas-rips',
    titulo: 'RIPS desde una hoja de cálculo (Excel o CSV)',
    ruta: '/listado-rips/nuevo',
    publico: 'tecnico',
    claves: 'hoja calculo excel xlsx csv plantilla importar exportar descargar filas columnas masivo',
    texto:
      'En [Nuevo RIPS](/listado-rips/nuevo) descarga la plantilla de Excel o CSV: una fila por servicio, con los datos del usuario repetidos en sus filas. Al importarla, si una fila tiene un error no se importa nada y te decimos la fila y la columna. Desde el editor también descargas cualquier RIPS en Excel, CSV o JSON.',
  },
  {
    id: 'pacientes',
    titulo: 'Pacientes',
    ruta: '/listado-rips/pacientes',
    publico: 'tecnico',
    claves: 'paciente pacientes documento identidad registro datos buscar importar sincronizar exportar privacidad',
    texto:
      'En [RIPS › Pacientes](/listado-rips/pacientes) está el registro de pacientes de tu empresa: se llena solo con los RIPS que creas o radicas («Sincronizar» toma también los de documentos enviados por otros canales), y puedes crear, editar o importar pacientes desde un CSV. En el editor, al escribir el número de documento de un usuario, eliges el paciente y se llenan sus datos. Cada consulta de estos datos queda registrada; solo el administrador exporta la lista.',
  },
  {
    id: 'medicamentos',
    titulo: 'Medicamentos',
    ruta: '/listado-rips/medicamentos',
    publico: 'tecnico',
    claves: 'medicamento medicamentos cum ium catalogo farmaco forma farmaceutica concentracion unidad dispensacion',
    texto:
      'En [RIPS › Medicamentos](/listado-rips/medicamentos) guardas los medicamentos que facturas, con su código CUM o IUM, nombre, forma farmacéutica, concentración y unidades. En el editor, al escribir el código en un servicio de medicamentos, eliges uno de la lista y se llenan sus datos. La lista crece sola con los RIPS que creas o radicas.',
  },
  {
    id: 'whatsapp',
    titulo: 'El asistente por WhatsApp',
    ruta: '/profile',
    publico: 'tecnico',
    claves: 'whatsapp celular telefono numero mensaje vincular asistente chat movil',
    texto:
      'Con el plan Business puedes preguntarle a Radica por WhatsApp por el estado de una factura, su CUV o por qué la rechazaron. Vincula tu número en [Perfil › WhatsApp](/profile): te llega un código de 6 dígitos por WhatsApp y lo escribes en Radica. Cada número queda unido a un solo usuario y solo ve los documentos de tu empresa.',
  },
  {
    id: 'envio-asincrono',
    titulo: 'Envío asíncrono por la API',
    ruta: '/settings?tab=integraciones',
    publico: 'tecnico',
    claves: 'asincrono asincrona async cola esperar segundo plano enviar api webhook 202 masivo lote',
    texto:
      'Por la API, con enviar=async Radica revisa y guarda el paquete, deja el envío en su cola y responde de inmediato (202) sin esperar al Ministerio; el resultado llega a tu webhook de resultados y a la consulta de estado. Es del plan Business. Los canales de correo y SFTP son siempre asíncronos. La guía está en [Configuración › Integraciones](/settings?tab=integraciones).',
  },
  {
    id: 'mi-plan',
    titulo: 'Mi plan: vigencia y pagos',
    ruta: '/settings?tab=plan',
    publico: 'tecnico',
    claves: 'plan vigencia vence vencimiento renovar pagos pago historial compra factura modulos mi plan suscripcion business profesional',
    texto:
      'En [Configuración › Mi plan](/settings?tab=plan) el administrador ve el plan de la empresa, hasta cuándo está vigente, sus módulos y el historial de pagos (número de venta, transacción, fecha, medio, valor y estado).',
  },
];

/** The article of a catalogue rule: what it means and how to fix it (the same text as under each finding). */
function articuloDeRegla(r: TRegla): TArticulo {
  const estado =
    r.estado === 'ministerio'
      ? ' Solo el Ministerio puede revisarla: Radica no la detecta antes del envío.'
      : r.estado === 'pendiente'
        ? ' Radica aún no la revisa antes del envío.'
        : '';
  return {
    id: `regla-${r.codigo.toLowerCase()}`,
    titulo: `${r.codigo}: ${r.descripcion}`,
    ruta: '/ministerio',
    publico: 'tecnico',
    claves: `${r.codigo} codigo error rechazo ${r.clase === 'R' ? 'rechazo' : 'notificacion aviso'} ${r.ubicacion}`,
    texto: `**${r.codigo}** (${r.clase === 'R' ? 'rechazo' : 'notificación'}): ${r.descripcion} Qué significa: ${r.significado} Cómo corregirlo: ${r.comoCorregir}${estado}`,
  };
}

/** Every article: the written ones and one per catalogued rule code. */
export const ARTICULOS: readonly TArticulo[] = [...ESCRITOS, ...REGLAS.map(articuloDeRegla)];

/** The article of a rule code (case-insensitive), or undefined. */
export function articuloDeCodigo(codigo: string): TArticulo | undefined {
  const id = `regla-${codigo.trim().toLowerCase()}`;
  return ARTICULOS.find((a) => a.id === id);
}
