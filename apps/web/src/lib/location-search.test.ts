import { describe, expect, it } from 'vitest';
import { toLocationOptions } from './location-search';

const u = (ciudad: string | null, codigo: string, dep = 'Santander', codDep = '68') => ({
  ciudad: ciudad ? { codigo, descripcion: ciudad, codDepartamento: codDep, codPais: 'CO' } : null,
  departamento: { codigo: codDep, descripcion: dep },
  pais: { codigo: 'CO', descripcion: 'Colombia' },
});

describe('toLocationOptions (seed 000 §7)', () => {
  it('keeps cities only, once each, sorted in Spanish', () => {
    const options = toLocationOptions([
      u('Zapatoca', '895'),
      u(null, ''),
      u('Bucaramanga', '001'),
      u('Ábrego', '003', 'Norte de Santander', '54'),
      u('Bucaramanga', '001'),
      u('Barbosa', '077'),
    ]);
    expect(options.map((o) => o.label)).toEqual([
      'Ábrego, Norte de Santander, Colombia',
      'Barbosa, Santander, Colombia',
      'Bucaramanga, Santander, Colombia',
      'Zapatoca, Santander, Colombia',
    ]);
    expect(options[2]).toMatchObject({ codPais: 'CO', codDepartamento: '68', codCiudad: '001' });
  });

  it('tolerates a missing list', () => {
    expect(toLocationOptions(undefined)).toEqual([]);
  });
});
