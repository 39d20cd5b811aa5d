/**
 * Products (modules) a tenant can buy: seed 000 §3 "Purchased-products result", seed 002 §3 "Module access keys". A file
 * of its own: plans.ts names modules and products.ts reads the plans' months, so neither imports the other for it.
 */
export const MODULOS = ['ministerio', 'facturacion', 'marketing', 'automatizaciones'] as const;
/** One of MODULOS. */
export type TModulo = (typeof MODULOS)[number];
