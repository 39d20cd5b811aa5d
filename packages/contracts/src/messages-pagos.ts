/**
 * The purchase domain of the Spanish catalogue (seed 002): the sales page, the cart, billing, payment and success
 * screens, the coupon, and what the payment API answers. Each text is defined once in the whole catalogue
 * (index-check.test.ts). Texts quoted by the seed are verbatim; the rest are Radica's own.
 */
export const MSG_PAGOS = {
  // seed 002 §2 "Billing info" — order summary
  plan12Meses: 'Plan de 12 meses',
  impuestosNota: 'Se calcularán después de proporcionar tu dirección de facturación',
  totalAnual: 'Total anual',
  pagoSeguro: 'Pago seguro y protegido',
  pagoInstantaneo: 'Pago instantáneo',
  procesando: 'Procesando...',
  pagar: (amount: string) => `Pagar ${amount}`,
  // seed 002 §2, §4 — coupon
  cuponPregunta: '¿Tienes un código de cupón?',
  cuponAplicar: 'Aplicar',
  cuponRemover: 'Remover',
  cuponInvalido: 'Código de cupón inválido',
  // Radica: a coupon serves a company (NIT) once
  cuponYaUsado: 'Tu empresa ya usó este cupón. Cada cupón se puede usar una sola vez por empresa (NIT).',
  // seed 002 §5 — billing
  nombreRequerido: 'El nombre es requerido',
  apellidoRequerido: 'El apellido es requerido',
  emailInvalido: 'El email no es válido',
  telefonoRequerido: 'El teléfono es requerido',
  direccionRequerida: 'La dirección es requerida',
  ubicacionRequerida: 'Debes seleccionar una ubicación',
  // seed 002 §5 — card, PSE, Nequi
  tarjetaInvalida: 'Número de tarjeta inválido',
  vencimientoInvalido: 'Fecha de vencimiento inválida',
  cvcInvalido: 'CVC inválido',
  titularRequerido: 'Nombre del titular requerido',
  titularCorto: 'El nombre del titular debe tener al menos 5 caracteres',
  titularPista: 'Mínimo 5 caracteres requeridos',
  documentoRequerido: 'Número de documento requerido',
  institucionRequerida: 'Selecciona una institución financiera',
  telefonoNequiInvalido: 'Número de teléfono inválido',
  // seed 002 §8 — payment failure alerts (one per method) and the HTTP fallback
  errorPago: (message: string) => `Error procesando el pago: ${message}`,
  errorPagoPse: (message: string) => `Error procesando el pago PSE: ${message}`,
  errorPagoNequi: (message: string) => `Error procesando el pago Nequi: ${message}`,
  errorPagoBancolombia: (message: string) => `Error procesando el pago Bancolombia: ${message}`,
  errorHttp: (status: number) => `Error HTTP: ${status}`,
  // seed 002 §2 "Success"
  pagoExitoso: '¡Pago Exitoso!',
  queSigue: '¿Qué sigue?',
  estadoAprobado: 'Aprobado',
  periodoAnual: 'Anual',
  periodoMensual: 'Mensual',

  // Radica: what the payment API answers
  planNoDisponible: 'Ese plan no se vende en línea. Escríbenos desde el plan Business y te enviaremos una propuesta.',
  precioCambio: 'El precio cambió desde que abriste el resumen. Revisa el total y vuelve a intentar el pago.',
  aceptacionRequerida: 'Debes aceptar el reglamento de uso y la autorización de tratamiento de datos de la pasarela para pagar.',
  pasarelaNoDisponible: 'La pasarela de pagos no respondió. No se hizo ningún cobro; intenta de nuevo en unos minutos.',
  pasarelaRechazo: (reason: string) => `La pasarela rechazó la solicitud: ${reason}`,
  ventaNoEncontrada: 'No encontramos ese pago. Revisa el enlace o inicia una compra nueva.',
  eventoFirmaInvalida: 'Firma del evento inválida',
  eventoNoCorresponde: 'El evento no corresponde a ninguna venta registrada',
  pagoRechazado: 'La entidad rechazó el pago. No se hizo ningún cobro: revisa los datos o usa otro medio de pago.',
  pagoPendiente: 'Estamos esperando la confirmación de la entidad. Esta página se actualizará sola.',
  pagoConError: 'El pago no se pudo completar por un error de la entidad. No se hizo ningún cobro.',
  pagoVencido: 'El pago no se completó dentro de una hora y se anuló. Si no pagaste, no hubo cobro: inicia la compra de nuevo.',
  contactoEnviado: 'Gracias. Nuestro equipo comercial te escribirá en un día hábil con una propuesta para tu institución.',
  contactoMensajeRequerido: 'Cuéntanos brevemente qué necesitas',
  contactoNombreRequerido: 'Escribe tu nombre',
  correoConfirmacionAsunto: (numeroVenta: string) => `Radica: pago aprobado (${numeroVenta})`,

  // Radica: the purchase screens (seed 002 §2 names what they show; the wording is Radica's)
  pasoDireccion: 'Dirección de facturación',
  pasoPago: 'Pago',
  cuentaRequeridaTitulo: 'Inicia sesión para continuar',
  cuentaRequeridaTexto:
    'Para completar la compra necesitas una cuenta de Radica. Inicia sesión o regístrate y volverás a este paso.',
  ubicacionPista: 'Escribe al menos 2 letras de tu ciudad, departamento o país y elige una ciudad de la lista',
  bancosRespaldo: 'No pudimos leer la lista de bancos de la pasarela; mostramos los principales.',
  pasarelaSinAceptacion: 'No pudimos cargar los términos de la pasarela de pagos. Recarga la página para intentar de nuevo.',
  nequiPista: 'Recibirás una notificación en tu app Nequi para aprobar el pago.',
  bancolombiaPista: 'Al pagar te llevaremos a Bancolombia para autorizar la transferencia desde tu cuenta.',
  pseBancoPista: 'Al pagar te llevaremos a la página de tu banco para autorizar el débito.',
  pagoEnBanco: 'Si aún no autorizaste el pago en la página de tu banco, puedes continuar allí.',
  pagoEsperaLarga:
    'La confirmación está tardando más de lo normal. Te escribiremos cuando la entidad responda; también puedes consultar de nuevo.',
  queSigueActiva: 'Tu suscripción queda activa desde ahora.',
  queSigueCorreo: (email: string) => `Te enviamos un correo de confirmación a ${email}.`,
  queSigueFunciones: 'Tienes acceso a todas las funciones de tu plan.',
  queSigueCrearCuenta: (email: string) => `Si aún no tienes cuenta, regístrate con el correo de facturación (${email}).`,
  invitadoNota: 'Inicia sesión con la cuenta del correo de facturación para empezar a usar tu plan.',
  soporteAyuda: '¿Necesitas ayuda con tu compra? Escríbenos a',
  // Radica: the sale's two numbers, labelled alike on the success page and in the confirmation e-mail
  etiquetaNumeroVenta: 'Número de venta',
  etiquetaNumeroTransaccion: 'Número de transacción',

  // Radica: Configuración › Mi plan
  miPlanTab: 'Mi plan',
  miPlanTitulo: 'Tu plan',
  miPlanSinPlan: 'Tu empresa no tiene un plan activo.',
  miPlanComprar: 'Comprar el plan Profesional',
  miPlanVigenteHasta: (fecha: string) => `Vigente hasta el ${fecha}`,
  miPlanVencio: (fecha: string) => `Venció el ${fecha}`,
  miPlanSinVencimiento: 'Sin fecha de vencimiento',
  miPlanModulos: 'Módulos',
  miPlanModuloVencido: 'Vencido',
  miPlanPagos: 'Pagos',
  miPlanPagosDescripcion: 'Cada pago con su número de venta: cítalo si escribes a soporte.',
  miPlanSinPagos: 'Aún no hay pagos registrados.',
  /** A plan an operator granted without an amount (a Business plan agreed by quote): a grant, not a payment of $ 0. */
  miPlanOtorgamiento: 'Otorgado por Radica',
  miPlanEstadoOtorgado: 'Otorgado',
  /** The term of one payment or grant, under its date. */
  miPlanPeriodoHasta: (fecha: string) => `Hasta el ${fecha}`,
  miPlanError: 'No pudimos cargar tu plan. Intenta de nuevo.',
  // 'Fecha', 'Estado', 'Activo' and 'Pendiente' are MSG_CORREO.columnaFecha, MSG_MINISTERIO.filterStatus, MSG_USUARIOS.estadoActivo/estadoPendiente
  etiquetaMedioPago: 'Medio de pago',
  etiquetaValor: 'Valor',
  etiquetaFactura: 'Factura',
  metodosPago: {
    CARD: 'Tarjeta',
    PSE: 'PSE',
    NEQUI: 'Nequi',
    BANCOLOMBIA_TRANSFER: 'Transferencia Bancolombia',
    TRANSFERENCIA: 'Transferencia bancaria',
  } as Record<string, string>,
} as const;
