/**
 * The notes domain of the Spanish catalogue: building a credit, debit or adjustment note's package from an invoice the
 * ministry validated (the 'Crear nota' page, `POST /api/FevRips/{id}/notas`, the CLI's `nota`), and the invoice's
 * family on its detail. Amounts in the texts are COP as the caller formats them. Each text is defined once in the whole
 * catalogue (index-check.test.ts).
 */
export const MSG_NOTAS = {
  // ---- refusals of the API and the CLI
  tipoInvalido: 'El tipo de nota debe ser NC, NCTotal, ND o NA',
  serviciosJson:
    'servicios debe ser una lista JSON de { "pathFuente": "usuarios[0].servicios.procedimientos[0]", "valor": 12345 }',
  serviciosDemasiados: (max: number) => `Una nota puede incluir como máximo ${max} servicios`,
  serviciosRequeridos: 'Elige al menos un servicio de la factura para la nota',
  serviciosNoAplican: 'Una nota crédito total lleva solo el XML: no elijas servicios',
  campoMuyLargo: (campo: string) => `El campo ${campo} es demasiado largo`,
  facturaNoAprobada: (estado: string) =>
    `Solo se crean notas sobre una factura validada por el Ministerio (APROBADO con CUV); esta está en ${estado}`,
  facturaEsNota: 'Este documento es una nota: las notas se crean desde la factura que corrigen',
  facturaSinArchivos: 'La factura no tiene su XML y su RIPS en Radica: cárgalos para crear notas sobre ella',
  xmlRequerido: 'Carga el XML de la nota que generó tu software de facturación',
  numNotaRequerido: 'Una nota de ajuste sin XML necesita su número (numNota)',
  noEsNota: (tipoDocumento: string) =>
    `El XML es ${tipoDocumento}, no una nota: carga el XML de la nota crédito o débito`,
  tipoNoCoincide: (esperado: string, recibido: string) =>
    `Elegiste ${esperado}, pero el XML es ${recibido}: elige el tipo que corresponde al XML`,
  sinReferencia:
    'La nota no referencia ninguna factura (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID): el Ministerio la rechaza',
  otraFactura: (referencia: string, factura: string) =>
    `La nota referencia la factura ${referencia}, no esta (${factura}): créala desde la factura ${referencia}`,
  otroCufe: (factura: string) =>
    `La nota dice referenciar la factura ${factura}, pero su CUFE (cbc:UUID de la referencia) no es el de esta factura`,
  otroNit: (nitNota: string, nitFactura: string) =>
    `La nota es del NIT ${nitNota} y la factura del NIT ${nitFactura}: una nota solo corrige facturas de su mismo emisor`,
  servicioDesconocido: (path: string) => `La factura no tiene el servicio ${path}`,
  servicioRepetido: (path: string) => `El servicio ${path} está dos veces en la nota`,
  servicioSinValor: (path: string) =>
    `El servicio ${path} no lleva valor en el RIPS (urgencias, hospitalización y recién nacidos): no se puede acreditar ni debitar`,
  valorNoPositivo: (path: string) => `El valor de ${path} debe ser mayor que cero`,
  valorExcedeServicio: (path: string, valor: string, maximo: string) =>
    `El valor de ${path} (${valor}) supera el valor del servicio en la factura (${maximo})`,
  valorExcedeDisponible: (path: string, valor: string, disponible: string) =>
    `El valor de ${path} (${valor}) supera lo que queda por acreditar del servicio después de las notas crédito anteriores (${disponible})`,
  valorEnAjuste: (path: string) =>
    `Una nota de ajuste corrige datos, no valores: quita el valor de ${path}`,
  notaExiste: (numero: string) => `Ya existe un documento con el número de la nota ${numero} en Radica`,

  // ---- the CLI (radica-fevrips nota)
  cliUso: [
    "Uso: radica-fevrips nota --factura RIPS.json --xml NOTA.xml [--servicios '<json>' | --servicios @servicios.json] [--tipo NC|ND|NA] [--out NOTA.json]",
    '  Escribe el RIPS de la nota: solo los servicios elegidos de la factura, con los valores de la nota, tipoNota,',
    '  numNota (el número DIAN de la nota) y el numFactura de la factura.',
    '  --servicios: lista JSON de { "pathFuente": "usuarios[0].servicios.procedimientos[1]", "valor": 12345 } (valor en COP;',
    '    sin valor, el del servicio). Sin --servicios se usa la propuesta a partir de las líneas de la nota, que se muestra.',
    '  --tipo: por defecto el del XML (CreditNote → NC, DebitNote → ND); NA para una nota de ajuste.',
    'Sale con 1 si la nota no corresponde a la factura o un servicio no es válido; 2 si el uso es incorrecto.',
  ].join('\n'),
  cliPropuesta: (n: number) => `Propuesta a partir de las líneas de la nota (${n === 1 ? '1 servicio' : `${n} servicios`}):`,
  cliSinEmparejar: (linea: number, valor: string) => `Línea ${linea} de la nota sin emparejar: ${valor}`,
  cliEscrito: (ruta: string, servicios: number, total: string) =>
    `RIPS de la nota escrito en ${ruta}: ${servicios === 1 ? '1 servicio' : `${servicios} servicios`} por ${total}`,

  // ---- answers
  notaCreada: (numero: string) => `Nota ${numero} creada: revísala y envíala al Ministerio`,
  borradorNotaCreado: (numero: string) => `RIPS de la nota ${numero} listo en el editor de RIPS`,
  historialNotaCreada: (tipo: string, numero: string) => `${tipo} ${numero}`,
  historialNotaDeFactura: (factura: string) => `sobre la factura ${factura}`,
  historialBorradorNota: (tipo: string, numero: string) => `${tipo} ${numero} preparada en el editor de RIPS`,

  // ---- the 'Crear nota' page
  crearNota: 'Crear nota',
  crearNotaTitulo: (factura: string) => `Crear nota sobre la factura ${factura}`,
  crearNotaAyuda:
    'Carga el XML de la nota que generó tu software de facturación, elige los servicios de la factura que corrige y el valor de cada uno. Radica arma el RIPS de la nota (solo esos servicios, tipoNota, numNota y el numFactura de la factura) y lo abre en el editor de RIPS.',
  tipoNotaEtiqueta: 'Tipo de nota',
  xmlNotaEtiqueta: 'XML de la nota',
  numNotaEtiqueta: 'Número de la nota (numNota)',
  leyendoXml: 'Leyendo el XML de la nota…',
  datosNota: (numero: string, valor: string, lineas: number) =>
    `Nota ${numero} por ${valor} (${lineas === 1 ? '1 línea' : `${lineas} líneas`})`,
  propuestaAyuda:
    'Radica emparejó cada línea de la nota con los servicios de la factura por código y valor. Revisa la selección antes de crear la nota.',
  propuestaLinea: (linea: number, codigo: string, valor: string) => `Línea ${linea}: ${codigo} por ${valor}`,
  propuestaSinEmparejar: (valor: string) => `sin emparejar: ${valor}`,
  aplicarPropuesta: 'Usar la propuesta',
  serviciosTitulo: 'Servicios de la factura',
  buscarServicio: 'Buscar por código, usuario o fecha',
  seleccionarUsuario: (usuario: string) => `Seleccionar todos los servicios de ${usuario}`,
  seleccionarServicio: (path: string) => `Incluir ${path}`,
  valorServicio: (path: string) => `Valor en la nota de ${path}`,
  disponible: (valor: string) => `Disponible: ${valor}`,
  sinServiciosFiltro: 'Ningún servicio coincide con la búsqueda',
  filasLimitadas: (mostradas: number, total: number) =>
    `Se muestran ${mostradas} de ${total} servicios: escribe en la búsqueda un código, un usuario o una fecha para ver los demás`,
  totalSeleccionado: (n: number, total: string) =>
    `${n === 1 ? '1 servicio' : `${n} servicios`} por ${total}`,
  diferenciaConXml: (diferencia: string) => `Diferencia con el valor de la nota (XML): ${diferencia}`,
  cuadraConXml: 'La suma de los servicios es igual al valor de la nota (XML)',
  crearYEditar: 'Crear y abrir en el editor de RIPS',
  crearNotaTotal: 'Crear la nota crédito total',
  ncTotalAyuda: 'Una nota crédito total anula la factura completa y viaja sin RIPS: solo se envía su XML.',
  ajusteAyuda: 'Una nota de ajuste corrige datos del RIPS sin cambiar valores: elige los servicios a corregir y edítalos en el editor de RIPS.',

  // ---- the invoice's family on the detail
  familiaTitulo: 'Notas de esta factura',
  familiaVacia: 'Esta factura no tiene notas en Radica.',
  valorFactura: 'Valor de la factura',
  valorCreditos: 'Notas crédito',
  valorDebitos: 'Notas débito',
  valorNeto: 'Valor neto (factura − créditos + débitos)',
  valorNetoRadicado: 'Valor neto con solo las notas aprobadas',
  notaDeFactura: (factura: string) => `Nota sobre la factura ${factura}`,
  verFactura: 'Ver la factura',
  filtroNotas: 'Notas (crédito, débito, ajuste)',
  // ---- the Excel report's family columns
  columnaFacturaNota: 'Factura de la nota',
  columnaNotas: 'Notas',
  columnaValorNeto: 'Valor neto',
} as const;
