import { LEGAL_VIGENTE_DESDE, VERSION_PRIVACIDAD, VERSION_TERMINOS } from './legal.ts';

/**
 * Radica's legal texts: the terms of service (/terms) and the personal data treatment policy
 * (/privacy) under Ley 1581 de 2012 and Decreto 1377 de 2013 (compiled in Decreto 1074 de 2015, Parte 2, Título 2,
 * Capítulo 25). Spanish, tú. A section is a title, paragraphs and an optional list. When a text changes, change its
 * version in legal.ts: registration and purchase record the version in force.
 */
export type TLegalSection = { id: string; titulo: string; parrafos: readonly string[]; lista?: readonly string[] };
export type TLegalDocument = { titulo: string; version: string; vigenteDesde: string; intro: string; secciones: readonly TLegalSection[] };

const CONTACTO = 'soporte@radica.co';

export const TERMINOS: TLegalDocument = {
  titulo: 'Términos y condiciones del servicio',
  version: VERSION_TERMINOS,
  vigenteDesde: LEGAL_VIGENTE_DESDE,
  intro:
    'Estos términos regulan el uso de Radica, el servicio en línea que valida y radica ante el Ministerio de Salud y Protección Social la factura electrónica de venta (FEV) y los RIPS de los prestadores de servicios de salud. Al crear tu cuenta o comprar un plan aceptas esta versión; guardamos cuál aceptaste y cuándo.',
  secciones: [
    {
      id: 'servicio',
      titulo: '1. El servicio',
      parrafos: [
        'Radica recibe tus archivos (XML de la factura y JSON de los RIPS) por la plataforma, el correo, SFTP o la API; los revisa con las reglas publicadas por el Ministerio, te muestra lo que conviene corregir y los envía al mecanismo único de validación del Ministerio con tus credenciales de usuario validador. El Código Único de Validación (CUV) lo expide el Ministerio, no Radica.',
        'Tú sigues siendo responsable del contenido de tus facturas y RIPS y de cumplir las normas que te obligan a reportarlos (entre ellas la Resolución 2275 de 2023). Radica no presta servicios de salud ni de auditoría de cuentas médicas.',
      ],
    },
    {
      id: 'cuenta',
      titulo: '2. Tu cuenta',
      parrafos: [
        'Para usar Radica registras tu organización con datos verdaderos y completos y los mantienes al día. Cuidas tu contraseña y la de los usuarios que invites; lo que se haga con tu cuenta se entiende hecho por ti, salvo que nos avises de un uso no autorizado.',
        'Quien administra la cuenta decide qué usuarios tienen acceso y con qué rol, y responde por ellos.',
      ],
    },
    {
      id: 'planes',
      titulo: '3. Planes, precios y pagos',
      parrafos: [
        'El plan Profesional se paga por 12 meses, por adelantado, al precio que ves antes de pagar (en pesos colombianos). El plan Business se cotiza a solicitud. Los pagos se hacen por la pasarela de pagos: los datos de tu tarjeta van directamente a ella y Radica no los recibe ni los guarda.',
        'El plan no se renueva ni se cobra de forma automática: al terminar los 12 meses puedes comprar un nuevo periodo. Si eres consumidor en los términos de la Ley 1480 de 2011, puedes ejercer el derecho de retracto dentro de los cinco (5) días hábiles siguientes a la compra, siempre que no hayas empezado a usar el servicio.',
      ],
    },
    {
      id: 'uso',
      titulo: '4. Uso permitido',
      parrafos: ['Te comprometes a no:'],
      lista: [
        'cargar datos de pacientes o facturas que no te corresponda tratar;',
        'usar credenciales del Ministerio que no te pertenezcan o no estés autorizado a usar;',
        'intentar acceder a cuentas, datos o sistemas de otros clientes, ni probar la seguridad del servicio sin nuestro permiso escrito;',
        'sobrecargar el servicio a propósito ni usarlo para fines ilícitos.',
      ],
    },
    {
      id: 'datos',
      titulo: '5. Los datos de tus pacientes',
      parrafos: [
        'Los datos de salud de tus pacientes que contienen tus RIPS y facturas son tuyos: tú eres el responsable de su tratamiento y Radica actúa como encargado, solo para prestarte este servicio y siguiendo tus instrucciones. Este acuerdo hace las veces de contrato de transmisión de datos (artículo 25 del Decreto 1377 de 2013). Los detalles están en la Política de tratamiento de datos personales.',
      ],
    },
    {
      id: 'disponibilidad',
      titulo: '6. Disponibilidad y soporte',
      parrafos: [
        'Trabajamos para que Radica esté disponible todos los días, con copias de seguridad diarias (7 días en el plan Profesional, 30 en Business). El envío depende también del servicio del Ministerio: si el Ministerio no responde, Radica guarda tus documentos y reintenta, pero no responde por sus caídas ni por sus decisiones. Puedes escribirnos a ' +
          CONTACTO +
          ' o usar el chat de soporte.',
      ],
    },
    {
      id: 'responsabilidad',
      titulo: '7. Responsabilidad',
      parrafos: [
        'Radica responde por prestar el servicio con la diligencia debida. No responde por los rechazos del Ministerio que se deban al contenido de tus archivos, ni por daños indirectos o lucro cesante. Salvo dolo o culpa grave, nuestra responsabilidad total se limita al valor que pagaste por el plan en los últimos 12 meses.',
      ],
    },
    {
      id: 'propiedad',
      titulo: '8. Propiedad intelectual',
      parrafos: [
        'El software, la marca y los contenidos de Radica son nuestros. Te damos una licencia de uso no exclusiva, intransferible y limitada al tiempo de tu plan. Tus archivos y datos siguen siendo tuyos.',
      ],
    },
    {
      id: 'terminacion',
      titulo: '9. Terminación',
      parrafos: [
        'Puedes dejar de usar Radica cuando quieras. Podemos suspender una cuenta que incumpla estos términos o ponga en riesgo el servicio o a otros clientes, avisándote el motivo. Al terminar, puedes descargar tus documentos y resultados; después los eliminamos como dice la Política de tratamiento de datos personales.',
      ],
    },
    {
      id: 'cambios',
      titulo: '10. Cambios, ley aplicable y contacto',
      parrafos: [
        'Si cambiamos estos términos publicaremos una nueva versión con su fecha y te lo avisaremos antes de que rija; la versión que aceptaste queda registrada. Estos términos se rigen por las leyes de la República de Colombia. Para cualquier asunto escríbenos a ' +
          CONTACTO +
          '.',
      ],
    },
  ],
};

export const PRIVACIDAD: TLegalDocument = {
  titulo: 'Política de tratamiento de datos personales',
  version: VERSION_PRIVACIDAD,
  vigenteDesde: LEGAL_VIGENTE_DESDE,
  intro:
    'Esta política explica cómo Radica trata los datos personales, en cumplimiento de la Ley 1581 de 2012 y el Decreto 1377 de 2013: qué datos, para qué, cuáles son tus derechos y cómo ejercerlos.',
  secciones: [
    {
      id: 'quien',
      titulo: '1. Quién trata tus datos y en qué calidad',
      parrafos: [
        'Radica tiene dos papeles distintos, según los datos:',
      ],
      lista: [
        'Responsable del tratamiento de los datos de sus clientes: los de quienes crean una cuenta, sus usuarios, los compradores y quienes nos escriben (formularios de contacto y soporte).',
        'Encargado del tratamiento de los datos de los pacientes que contienen los RIPS y las facturas de cada prestador. El responsable de esos datos es el prestador de servicios de salud (IPS, profesional independiente o entidad) que usa Radica; Radica los trata solo por su cuenta y según sus instrucciones.',
      ],
    },
    {
      id: 'datos',
      titulo: '2. Qué datos tratamos',
      parrafos: ['Como responsable, tratamos:'],
      lista: [
        'datos de identificación y contacto: nombres, tipo y número de identificación o NIT, correo, teléfono, dirección y municipio;',
        'datos de la cuenta: usuarios, roles, fecha de registro y tu contraseña (guardada solo como un resumen criptográfico, nunca legible);',
        'datos de facturación de tus compras; los datos de tu tarjeta los recibe directamente la pasarela de pagos y Radica no los conoce;',
        'datos técnicos: dirección IP, fechas y registros de actividad necesarios para la seguridad;',
        'las credenciales de usuario validador ante el Ministerio que configures, guardadas cifradas.',
      ],
    },
    {
      id: 'pacientes',
      titulo: '3. Datos de los pacientes (datos sensibles)',
      parrafos: [
        'Como encargado, tratamos los datos que el prestador incluye en sus RIPS y facturas: identificación del paciente, fecha de nacimiento, sexo, municipio, y datos de su atención en salud (diagnósticos, procedimientos, medicamentos, valores). Los datos de salud son sensibles (artículo 5 de la Ley 1581 de 2012).',
        'Los tratamos únicamente para validarlos, guardarlos, permitir al prestador crearlos y corregirlos, enviarlos al Ministerio de Salud y Protección Social y mostrar sus resultados. No los usamos para fines propios, no los vendemos ni los compartimos con terceros distintos del Ministerio y de los proveedores que alojan el servicio. El prestador responde por tener la autorización de sus pacientes o la base legal para tratarlos y reportarlos (artículo 10 de la Ley 1581 de 2012: información requerida por una entidad pública en ejercicio de sus funciones).',
        'Cada consulta a los datos de pacientes queda registrada, y solo los administradores de la cuenta pueden exportarlos.',
      ],
    },
    {
      id: 'finalidades',
      titulo: '4. Para qué usamos los datos de nuestros clientes',
      parrafos: ['Usamos los datos de los que somos responsables para:'],
      lista: [
        'crear y administrar tu cuenta y la de tus usuarios, y verificar tu correo;',
        'prestarte el servicio: recibir, validar y enviar tus documentos al Ministerio y avisarte del resultado (correo, WhatsApp o webhooks, si los activas);',
        'procesar tus pagos, emitir la factura y llevar la contabilidad;',
        'atender tus solicitudes de soporte y de contacto comercial;',
        'proteger el servicio: prevenir fraudes, accesos no autorizados y abusos;',
        'cumplir obligaciones legales y atender requerimientos de autoridades;',
        'enviarte información sobre Radica solo si lo autorizas; puedes retirar esa autorización en cualquier momento.',
      ],
    },
    {
      id: 'derechos',
      titulo: '5. Tus derechos',
      parrafos: ['Como titular de los datos tienes derecho a (artículo 8 de la Ley 1581 de 2012):'],
      lista: [
        'conocer, actualizar y rectificar tus datos;',
        'pedir prueba de la autorización que nos diste;',
        'saber, si lo pides, qué uso les hemos dado;',
        'presentar quejas ante la Superintendencia de Industria y Comercio (SIC), después de haber hecho tu consulta o reclamo ante nosotros;',
        'revocar la autorización o pedir que los suprimamos, cuando no exista un deber legal o contractual de conservarlos;',
        'acceder gratis a tus datos.',
      ],
    },
    {
      id: 'ejercer',
      titulo: '6. Cómo ejercer tus derechos',
      parrafos: [
        `Escríbenos a ${CONTACTO} con el asunto «Protección de datos personales»: di quién eres (nombre y número de identificación), qué pides y adjunta lo que sustente tu solicitud. Si actúas por otra persona, adjunta el poder o el documento que te faculta.`,
        'Las consultas se responden en máximo diez (10) días hábiles, prorrogables por cinco (5) más avisándote el motivo. Los reclamos (corrección, actualización, supresión o incumplimiento) se responden en máximo quince (15) días hábiles, prorrogables por ocho (8) más avisándote el motivo. Si el reclamo está incompleto te pediremos completarlo dentro de los cinco (5) días siguientes; si pasan dos (2) meses sin que lo completes, entenderemos que desististe.',
        'Si eres paciente de un prestador que usa Radica, dirige tu solicitud al prestador, que es el responsable de tus datos. Si nos escribes a nosotros, se la trasladaremos dentro de los dos (2) días hábiles siguientes y te avisaremos.',
      ],
    },
    {
      id: 'terceros',
      titulo: '7. Con quién compartimos los datos',
      parrafos: [
        'Con el Ministerio de Salud y Protección Social, cuando el prestador nos lo indica al enviar sus documentos; con la pasarela de pagos, para cobrar tus compras; y con los proveedores que alojan el servicio y envían sus correos, que actúan como encargados nuestros bajo contratos que les exigen confidencialidad y seguridad. Si algún proveedor está fuera de Colombia, la transmisión se hace con las garantías de los artículos 26 de la Ley 1581 de 2012 y 25 del Decreto 1377 de 2013.',
      ],
    },
    {
      id: 'seguridad',
      titulo: '8. Cómo protegemos los datos',
      parrafos: ['Entre las medidas de seguridad que aplicamos están:'],
      lista: [
        'conexiones cifradas (HTTPS) y contraseñas guardadas como resúmenes criptográficos;',
        'credenciales del Ministerio y copias de seguridad cifradas (AES-256);',
        'separación de los datos de cada cuenta: ningún cliente ve los de otro;',
        'roles de usuario, registro de cada acceso a datos de pacientes y límites contra intentos abusivos;',
        'copias de seguridad diarias para recuperar la información ante una falla.',
      ],
    },
    {
      id: 'conservacion',
      titulo: '9. Cuánto tiempo conservamos los datos',
      parrafos: [
        'Los datos de tu cuenta, mientras esté activa y, después, durante el tiempo que exijan las normas contables, tributarias y comerciales (hasta diez años para los soportes de tus compras). El registro de la autorización que nos diste, mientras debamos poder demostrarla.',
        'Los datos de pacientes y los documentos del prestador, mientras dure el servicio. Al terminar, el prestador puede descargarlos durante treinta (30) días; después los suprimimos, salvo que una norma nos obligue a conservarlos. Las copias de seguridad se borran solas al vencer su plazo (7 días en el plan Profesional, 30 en Business).',
      ],
    },
    {
      id: 'vigencia',
      titulo: '10. Contacto, vigencia y cambios',
      parrafos: [
        `Responsable: Radica, Colombia. Correo para asuntos de datos personales: ${CONTACTO}.`,
        'Esta política rige desde la fecha indicada arriba y las bases de datos se conservarán mientras se presten los servicios y por los plazos del punto 9. Si la cambiamos de forma sustancial, publicaremos la nueva versión con su fecha y te lo avisaremos antes de que rija; la versión que aceptaste queda registrada.',
      ],
    },
  ],
};

/** Texts around the legal pages and their links. */
export const MSG_LEGAL = {
  version: (version: string, fecha: string) => `Versión ${version} · vigente desde el ${fecha}`,
  volver: 'Volver al inicio',
  verTambien: 'Ver también',
  /** Registration's line (seed 000 §2 "Links to sign in, terms and privacy"); the server records the acceptance. */
  registroAcepta: 'Al registrarte aceptas los',
  /** The purchase form's line (the server records the acceptance with the sale). */
  compraAcepta: 'Al pagar aceptas los',
  y: 'y la',
  terminosLink: 'Términos y condiciones',
  privacidadLink: 'Política de privacidad',
} as const;
