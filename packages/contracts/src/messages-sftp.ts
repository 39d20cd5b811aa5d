/**
 * The SFTP channel's domain of the Spanish catalogue: settings API and card, and the texts
 * Radica writes into the result files of `resultados/`. Each text is defined once in the whole catalogue
 * (index-check.test.ts).
 */
export const MSG_SFTP = {
  usuarioInvalido: 'El usuario SFTP debe tener entre 3 y 32 caracteres: letras minúsculas, números, punto, guion o guion bajo.',
  usuarioOcupado: 'Ese usuario SFTP ya lo usa otra empresa. Elige otro.',
  passwordCorta: (min: number) => `La contraseña SFTP debe tener al menos ${min} caracteres.`,
  passwordLarga: 'La contraseña SFTP admite hasta 200 caracteres.',
  claveInvalida: 'La clave pública no es válida: pega una línea OpenSSH completa, como «ssh-ed25519 AAAA… equipo».',
  claveInvalidaN: (n: number) => `La clave pública ${n} no es válida: pega una línea OpenSSH completa, como «ssh-ed25519 AAAA… equipo».`,
  claveRepetida: 'Esa clave pública ya está en la lista.',
  clavesDemasiadas: (max: number) => `Puedes registrar hasta ${max} claves públicas.`,
  guardado: 'Canal SFTP guardado.',

  /** Result files (resultados/): what Radica says beside or instead of the ministry's answer. */
  archivoDemasiadoGrande: (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB y no se radicó.`,
  moduloRequerido: 'Tu empresa no tiene activo el módulo Ministerio: el archivo no se radicó.',
  radicadoSinEnvio:
    'Paquete radicado en Radica. El envío automático está apagado: envíalo al Ministerio desde Radica (Ministerio › Documentos).',
  incompleto: (falta: string, espera: string) =>
    `El paquete sigue incompleto después de ${espera}: falta el ${falta}. Sube a entrada/ el archivo que falta con el mismo número de factura.`,
  faltaJson: 'archivo JSON (RIPS)',
  faltaXml: 'archivo XML (factura electrónica)',
  radicadoNoEnviado: (estado: string) => `Paquete radicado en Radica con estado ${estado}; no se envió al Ministerio. Revísalo en Radica (Ministerio › Documentos).`,
  aprobado: 'El Ministerio aprobó el paquete y asignó el CUV.',
  rechazado: 'El Ministerio no aprobó el paquete: corrige los hallazgos en Radica (Ministerio › Documentos) y vuelve a enviarlo.',
  envioFallido: (detalle: string) => `No se pudo enviar al Ministerio: ${detalle}`,
  /** SFTP status messages (what an SFTP client shows when an operation is refused). */
  soloEntrada: 'Solo se pueden subir archivos a la carpeta entrada/.',
  fueraDelArbol: 'Ruta no permitida: solo existen las carpetas entrada/, resultados/ y procesados/.',
  noBorrable: 'Solo se pueden borrar archivos de resultados/ y procesados/.',
  renombrarMismaCarpeta: 'Solo se puede renombrar un archivo dentro de su misma carpeta.',
  sinCarpetas: 'No se pueden crear ni borrar carpetas: usa entrada/, resultados/ y procesados/.',
  sinAnexar: 'No se puede anexar a un archivo: súbelo completo.',
  demasiadasSubidas: 'Hay demasiadas subidas abiertas en esta sesión.',
  errorInterno: 'Ocurrió un error al procesar el archivo. Vuelve a subirlo; si se repite, escribe a soporte.',

  /** Settings › Canales (web): the SFTP card. */
  tarjetaTitulo: 'Canal SFTP',
  tarjetaDescripcion:
    'Tu sistema de facturación deja los archivos XML y JSON en una carpeta SFTP y Radica los radica sin abrir la aplicación. Cada empresa tiene su propio usuario y sus propias carpetas.',
  errorCarga: (detalle: string) => `No se pudo cargar el canal SFTP: ${detalle}`,
  deshabilitadoServidor: 'Esta instalación de Radica no tiene el servidor SFTP encendido: guarda la configuración y pide al administrador que lo active.',
  sinConfigurar: 'Aún no has configurado el canal SFTP. Revisa el usuario sugerido, define una contraseña o una clave pública y guarda.',
  sinCredencial: 'Define una contraseña o agrega una clave pública: sin ninguna de las dos nadie puede entrar.',
  campoUsuario: 'Usuario SFTP',
  campoUsuarioAyuda: 'Entre 3 y 32 caracteres: minúsculas, números, «.», «_» o «-». Usa un nombre difícil de adivinar (no el NIT, que es público).',
  campoServidor: 'Servidor',
  campoPuerto: 'Puerto',
  campoHuella: 'Huella del servidor (SHA256)',
  huellaAyuda: 'Compárala con la que muestra tu cliente SFTP la primera vez que te conectas.',
  copiar: 'Copiar',
  copiarCampo: (campo: string) => `Copiar ${campo}`,
  copiado: (campo: string) => `${campo} copiado al portapapeles`,
  noCopiado: 'No se pudo copiar: selecciona el texto y cópialo a mano.',
  passwordTitulo: 'Contraseña',
  passwordDefinida: 'Hay una contraseña definida. Escribe una nueva solo si quieres reemplazarla.',
  passwordSinDefinir: 'No hay contraseña: solo se puede entrar con una clave pública.',
  campoPasswordNueva: 'Nueva contraseña',
  campoPasswordConfirmar: 'Confirma la contraseña',
  passwordNoCoincide: 'Las contraseñas no coinciden.',
  clavesTitulo: 'Claves públicas',
  clavesAyuda: 'Pega la línea de tu archivo .pub (ssh-ed25519, ecdsa o ssh-rsa). Con una clave no hace falta contraseña.',
  clavesVacio: 'No hay claves públicas registradas.',
  campoNuevaClave: 'Nueva clave pública',
  agregarClave: 'Agregar clave',
  quitarClave: (huella: string) => `Quitar la clave ${huella}`,
  quitar: 'Quitar',
  campoEnvioAutomatico: 'Enviar al Ministerio automáticamente',
  campoEnvioAutomaticoAyuda: 'Cada paquete completo (XML y JSON) se envía apenas llega. Si lo apagas, lo envías tú desde Radica.',
  campoActivo: 'Canal activo',
  campoActivoAyuda: 'Apagado, el usuario SFTP no puede entrar.',
  /** The caption follows the box (it said 'Apagado…' beside a checked box). */
  campoActivoEncendidoAyuda: 'Encendido: el usuario SFTP puede entrar y subir archivos.',
  guardar: 'Guardar canal SFTP',
  guardando: 'Guardando…',
  usoTitulo: 'Cómo usarlo',
  usoConectar: 'Conéctate con cualquier cliente SFTP (FileZilla, WinSCP o la línea de comandos):',
  usoSubir: 'Deja el XML y el JSON de cada factura en la carpeta entrada/. Se procesan al terminar de subir cada archivo.',
  usoResultados:
    'Lee la respuesta en resultados/: ResultadosMSPS_{factura}_ID{proceso}_A_CUV.json si el Ministerio la aprobó; _HALLAZGOS.json si hubo errores; _RADICADO.json si el envío automático está apagado; _INCOMPLETO.json si falta la otra mitad del paquete.',
  usoProcesados: 'Los archivos recibidos pasan a procesados/.',
} as const;
