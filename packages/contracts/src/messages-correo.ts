/**
 * The e-mail channel domain of the Spanish catalogue: the settings card, the inbound SMTP
 * server's answers and the replies Radica mails to the sender. All Radica's own texts. Each text is defined once in
 * the whole catalogue (index-check.test.ts).
 */
export const MSG_CORREO = {
  // settings (API)
  remitenteInvalido: (valor: string) => `«${valor}» no es una dirección de correo válida.`,
  remitentesMaximo: (max: number) => `Puedes autorizar hasta ${max} remitentes.`,
  canalActualizado: 'Canal de correo actualizado.',
  direccionRotada: 'Nueva dirección creada: la anterior dejó de recibir correos.',

  // inbound SMTP answers (the sending server shows them in its bounce)
  smtpDestinoDesconocido: 'Esta dirección de Radica no existe o fue desactivada. Revisa la dirección en Configuración › Canales.',
  smtpDemasiadoGrande: (mb: number) => `El mensaje supera el tamaño máximo de ${mb} MB.`,
  smtpErrorTemporal: 'Radica no pudo procesar el mensaje en este momento; se volverá a intentar.',
  smtpRecibido: 'Mensaje recibido por Radica.',
  smtpIlegible: 'Radica no pudo leer el mensaje (estructura MIME dañada o demasiado compleja): no se procesará. Envíalo de nuevo como un correo normal con los archivos adjuntos.',

  // why a message was refused or only partly filed (the inbox log's `motivo`)
  motivoRemitenteNoAutorizado: 'Remitente no autorizado.',
  motivoRebote: 'Mensaje sin remitente en el sobre SMTP (un aviso de rebote): no se procesa ni se responde.',
  motivoIlegible: 'El mensaje no se pudo leer (estructura MIME dañada o demasiado compleja).',
  motivoDescomprimidoMensaje: (mb: number) => `Los archivos del mensaje superan ${mb} MB al descomprimirlos.`,
  motivoRemitenteSuplantado: 'La dirección del encabezado From no coincide con el remitente del sobre SMTP.',
  motivoSinModulo: 'La cuenta no tiene activo el módulo Ministerio.',
  motivoDemasiadoGrande: (mb: number) => `El mensaje supera ${mb} MB.`,
  motivoSinAdjuntos: 'El mensaje no trae adjuntos XML, JSON o ZIP.',
  motivoDuplicado: 'Mensaje repetido (mismo Message-ID): ya se había procesado.',
  motivoAlgunosArchivos: 'Algunos archivos no se radicaron o esperan su pareja.',
  motivoNingunArchivo: 'Ningún archivo se pudo radicar.',

  // what happened to one attachment (the inbox log's detail and the reply)
  archivoIgnorado: 'No es XML, JSON ni ZIP: se ignoró.',
  archivoZipAnidado: 'Un ZIP dentro de otro ZIP no se procesa: adjunta los archivos directamente.',
  archivoZipRuta: 'El ZIP contiene una ruta no permitida («..» o ruta absoluta): se rechazó completo.',
  archivoZipDemasiadas: (max: number) => `El ZIP contiene más de ${max} archivos: se rechazó completo.`,
  archivoZipDescomprimido: (mb: number) => `El contenido del ZIP supera ${mb} MB al descomprimirlo: se rechazó completo.`,
  archivoZipArchivoGrande: (nombre: string, mb: number) => `${nombre} supera ${mb} MB: se rechazó el ZIP completo.`,
  archivoZipInvalido: 'El ZIP está dañado o no se pudo leer.',
  archivoMensajeDescomprimido: (mb: number) =>
    `Los archivos de este correo superan ${mb} MB al descomprimirlos: no se radicó ninguno. Envíalos en varios correos.`,
  archivoEsperandoPar: (falta: string) => `Radicado; espera su pareja (${falta}). Envíala en otro correo y se unirá a este documento.`,

  // replies to the sender
  respuestaAsunto: (asunto: string) => `Radica: resultado de tu envío${asunto ? ` «${asunto}»` : ''}`,
  respuestaRechazoAsunto: 'Radica: tu correo no se procesó',
  respuestaSaludo: 'Hola:',
  respuestaNoAutorizado:
    'Tu dirección de correo no está autorizada para radicar documentos en esta dirección de Radica, así que el mensaje no se procesó. ' +
    'Para enviar por correo, pide a un administrador de la cuenta que agregue tu dirección en Configuración › Canales › Remitentes autorizados, y vuelve a enviar el mensaje.',
  respuestaDemasiadoGrande: (mb: number) =>
    `Tu mensaje supera el tamaño máximo de ${mb} MB y no se procesó. Envía menos archivos por correo o comprímelos en un ZIP.`,
  respuestaSinAdjuntos:
    'Tu mensaje no trae archivos para radicar. Adjunta la factura electrónica (XML) y su RIPS (JSON) del mismo formato, o un ZIP con ellos.',
  respuestaSinModulo: 'La cuenta de esta dirección no tiene activo el módulo Ministerio, así que no se radicó ningún archivo.',
  respuestaIntro: 'Este es el resultado de los archivos que enviaste:',
  respuestaDocumento: (formato: string, tipo: string) => `Formato ${formato} (${tipo})`,
  respuestaEstado: (estado: string) => `Estado: ${estado}`,
  respuestaCuv: (cuv: string) => `CUV: ${cuv}`,
  respuestaEnvio: (mensaje: string) => `Envío al Ministerio: ${mensaje}`,
  respuestaSinEnvio: 'No se envió al Ministerio: el envío automático está apagado. Envíalo desde Radica cuando esté listo.',
  respuestaFalta: (falta: string) => `Falta ${falta}: envíalo en otro correo a esta misma dirección y se unirá a este documento.`,
  respuestaHallazgosLocales: 'Hallazgos de la prevalidación de Radica:',
  respuestaErroresMinisterio: 'Errores del Ministerio:',
  respuestaNotificacionesMinisterio: 'Notificaciones del Ministerio:',
  respuestaComoCorregir: (texto: string) => `Cómo corregirlo: ${texto}`,
  respuestaVerDocumento: (url: string) => `Ver el documento: ${url}`,
  respuestaArchivosNoRadicados: 'Archivos que no se radicaron:',
  respuestaMasHallazgos: (n: number) => `… y ${n} hallazgos más: revísalos en Radica.`,
  /** One line per code, with how many times and where. */
  respuestaVeces: (n: number) => ` (${n} veces)`,
  respuestaLugares: (lugares: string[], resto: number) =>
    `Dónde: ${lugares.join('; ')}${resto > 0 ? `; y ${resto} más` : ''}`,
  respuestaRepetidos: (n: number) =>
    n === 1
      ? '1 hallazgo de la prevalidación coincide con la respuesta del Ministerio y no se repite aquí.'
      : `${n} hallazgos de la prevalidación coinciden con la respuesta del Ministerio y no se repiten aquí.`,
  respuestaPie: 'Este mensaje lo generó Radica automáticamente en respuesta a tu correo.',
  faltaXml: 'la factura electrónica (XML)',
  faltaJson: 'el RIPS (JSON)',

  // settings (web): the e-mail channel card
  tarjetaTitulo: 'Canal de correo',
  tarjetaDescripcion:
    'Tu sistema de facturación o tu equipo envían la factura (XML) y su RIPS (JSON), o un ZIP con ellos, a esta dirección. Radica los recibe, los revisa, los envía al Ministerio si así lo eliges y responde al remitente con el resultado.',
  direccionEtiqueta: 'Dirección de radicación',
  copiarDireccion: 'Copiar dirección',
  direccionCopiada: 'Dirección copiada al portapapeles',
  direccionNoCopiada: 'No se pudo copiar: selecciona la dirección y cópiala a mano.',
  rotarDireccion: 'Rotar dirección',
  rotarTitulo: '¿Rotar la dirección de correo?',
  rotarExplicacion:
    'Se creará una dirección nueva y la actual dejará de recibir correos de inmediato. Tendrás que actualizarla en tu sistema de facturación.',
  rotarConfirmar: 'Sí, rotar la dirección',
  remitentesTitulo: 'Remitentes autorizados',
  remitentesAyuda: 'Solo se procesan los correos de estas direcciones. Los de cualquier otra quedan en el registro como rechazados, sin respuesta.',
  remitentesVacio: 'Aún no hay remitentes autorizados: ningún correo se procesará.',
  remitenteCampo: 'Correo del remitente',
  remitenteAgregar: 'Agregar',
  remitenteQuitar: (correo: string) => `Quitar ${correo}`,
  remitenteRepetido: 'Ese remitente ya está en la lista.',
  envioAutomaticoEtiqueta: 'Enviar al Ministerio lo que llegue completo por correo',
  envioAutomaticoAyuda: 'Cuando llegan la factura y su RIPS completos, Radica los envía al Ministerio y responde con el CUV.',
  activoEtiqueta: 'Recibir correos en esta dirección',
  activoAyuda: 'Si lo desactivas, los correos a esta dirección se rechazan.',
  guardarCanal: 'Guardar canal de correo',
  canalErrorCarga: (detalle: string) => `No se pudo cargar el canal de correo: ${detalle}`,
  entrantesTitulo: 'Correos recibidos',
  entrantesVacio: 'Aún no ha llegado ningún correo',
  entrantesVacioAyuda: 'Los correos que lleguen a la dirección aparecerán aquí con su resultado.',
  entrantesErrorCarga: (detalle: string) => `No se pudieron cargar los correos recibidos: ${detalle}`,
  columnaFecha: 'Fecha',
  columnaRemitente: 'Remitente',
  columnaAsunto: 'Asunto',
  columnaEstadoCorreo: 'Resultado',
  columnaDetalle: 'Detalle',
  verDetalle: 'Ver detalle',
  verDocumento: 'Abrir el documento',
  ocultarDetalle: 'Ocultar detalle',
  sinAsunto: '(sin asunto)',
  respuestaEnviadaSi: 'Se respondió al remitente.',
  respuestaEnviadaNo: 'No se respondió al remitente.',
  estadoProcesado: 'Procesado',
  estadoParcial: 'Parcial',
  estadoRechazado: 'Rechazado',
  resultadoRadicado: 'Radicado',
  resultadoRechazado: 'No radicado',
  resultadoIgnorado: 'Ignorado',
  resultadoEsperandoPar: 'Espera su pareja',
  resultadoYaRadicado: 'Ya radicado',
  respuestaYaRadicados: 'Archivos que ya estaban radicados (no se cargaron de nuevo):',
  paginaAnterior: 'Anterior',
  paginaSiguiente: 'Siguiente',
  paginaDe: (pagina: number, total: number) => `Página ${pagina} de ${total}`,
} as const;
