import { describe, expect, it } from 'vitest';
import { getHeaderTitle } from './header-title';

describe('getHeaderTitle (seed 000 §2, seed 001 §2)', () => {
  it.each([
    ['/ministerio/nuevo', 'Nuevo Reporte Ministerio'],
    ['/ministerio/42', 'Detalle Reporte Ministerio'],
    ['/ministerio', 'Ministerio de Salud'],
    ['/ministerio/', 'Ministerio de Salud'],
    ['/ministerio/abc', 'Ministerio de Salud'],
    ['/ministerio/42/extra', 'Ministerio de Salud'],
    ['/settings', 'Configuración'],
    ['/Inicio', 'Inicio'],
    ['/inicio', 'Inicio'],
    ['/profile', 'Perfil'],
    ['/listado-rips', 'Rips'],
    ['/listado-rips/pacientes', 'Pacientes'],
    ['/facturacion-notas', 'Notas'],
    ['/automatizaciones', 'Automatizaciones'],
    ['/no-existe', 'Dashboard'],
    ['/', 'Dashboard'],
  ])('%s → %s', (path, title) => {
    expect(getHeaderTitle(path)).toBe(title);
  });
});
