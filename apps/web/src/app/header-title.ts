/**
 * The header title for a path (seed 000 §2 "App shell", seed 001 §2 "Header titles by path"):
 * /ministerio/nuevo → 'Nuevo Reporte Ministerio', /ministerio/{numeric id} → 'Detalle Reporte Ministerio',
 * any other /ministerio path → 'Ministerio de Salud'; other known sections by their name; unknown → 'Dashboard'.
 */

const SECTION_TITLES: Record<string, string> = {
  inicio: 'Inicio',
  usuarios: 'Usuarios',
  productos: 'Productos',
  reportes: 'Reportes',
  settings: 'Configuración',
  configuracion: 'Configuración',
  profile: 'Perfil',
  perfil: 'Perfil',
  pedidos: 'Pedidos',
  inventario: 'Inventario',
  clientes: 'Clientes',
  analisis: 'Análisis',
  ventas: 'Ventas',
  facturacion: 'Facturación',
  soporte: 'Soporte',
  ayuda: 'Ayuda',
  automatizaciones: 'Automatizaciones',
  'listado-rips': 'Rips',
  pacientes: 'Pacientes',
  medicamentos: 'Medicamentos',
  facturas: 'Facturas',
  'facturacion-notas': 'Notas',
  notas: 'Notas',
  eventos: 'Eventos',
  documentos: 'Documentos',
  soportes: 'Soportes',
  terceros: 'Terceros',
  marketing: 'Marketing',
};

export const DEFAULT_HEADER_TITLE = 'Dashboard';

export function getHeaderTitle(pathname: string): string {
  const segments = pathname
    .toLowerCase()
    .split('/')
    .filter((s) => s.length > 0);
  const [first, second] = segments;
  if (!first) return DEFAULT_HEADER_TITLE;
  if (first === 'ministerio') {
    if (second === 'nuevo' && segments.length === 2) return 'Nuevo Reporte Ministerio';
    if (second !== undefined && /^\d+$/.test(second) && segments.length === 2)
      return 'Detalle Reporte Ministerio';
    return 'Ministerio de Salud';
  }
  if (first === 'listado-rips' && second && SECTION_TITLES[second]) return SECTION_TITLES[second];
  if (first === 'app' && second === 'pricing') return 'Productos';
  return SECTION_TITLES[first] ?? DEFAULT_HEADER_TITLE;
}
