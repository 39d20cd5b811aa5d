/**
 * Texts of the pricing page of a module on sale and of the sidebar entries of modules not purchased.
 * The coming-soon notice of the modules not sold stays MSG_CUENTAS.comingSoon (seed 002 §2).
 */
export const MSG_MODULOS = {
  /** Sidebar tooltip (and screen-reader text) of a module not purchased that is on sale. */
  enVentaTooltip: 'Disponible en el plan Profesional: cómpralo aquí',
  enVentaEtiqueta: 'A la venta',
  queHaceTitulo: 'Qué hace',
  ministerioQueHace:
    'Radica valida tu factura electrónica (XML) y tus RIPS (JSON) con las reglas del Ministerio de Salud, te dice qué corregir y los radica por ti: recibes el CUV sin entrar al portal del Ministerio.',
  ministerioRips:
    'Incluye el módulo de RIPS: crea y corrige tus RIPS en la plataforma, con tus pacientes y medicamentos, y envíalos desde aquí.',
  incluyeTitulo: 'Qué incluye el plan',
  planTitulo: (plan: string) => `Plan ${plan}`,
  periodo: 'por 12 meses (pago anual)',
  precioCargando: 'Consultando el precio…',
  precioNoDisponible: 'No pudimos consultar el precio en este momento. Lo verás en el carrito antes de pagar.',
  comprar: 'Comprar',
  comprarAria: (plan: string) => `Comprar el plan ${plan}`,
  yaTienes: 'Ya tienes este módulo.',
  irAlModulo: 'Ir al módulo',
  business: '¿Varios usuarios, canal dedicado o alertas por WhatsApp? Pregunta por el plan Business.',
  businessLink: 'Ver planes',
} as const;
