import { describe, expect, it } from 'vitest';
import type { TCampoRips } from '@radica/contracts/rips';
import { deTexto, edadEn, hallazgosPorRuta, nuevoServicio, rutaCampo } from './rips-valores';

const campo = (c: Partial<TCampoRips>): TCampoRips => ({ campo: 'x', tipo: 'texto', obligatorio: false, ...c });

describe('RIPS editor values (issue 27)', () => {
  it('gives numbers to number fields, null to empty inputs and keeps text as typed', () => {
    expect(deTexto('331', campo({ tipo: 'entero' }))).toBe(331);
    expect(deTexto('64400', campo({ tipo: 'decimal' }))).toBe(64400);
    expect(deTexto('12,5', campo({ tipo: 'decimal' }))).toBe(12.5);
    expect(deTexto('', campo({}))).toBeNull();
    expect(deTexto('00003753', campo({}))).toBe('00003753');
    expect(deTexto('33a', campo({ tipo: 'entero' }))).toBe('33a');
  });
  it('points findings at the paths the engine writes, and copies the dates and codes of the previous row', () => {
    expect(rutaCampo(2, 'procedimientos', 0, 'codProcedimiento')).toBe('usuarios[2].servicios.procedimientos[0].codProcedimiento');
    const map = hallazgosPorRuta([{ clase: 'RECHAZADO', codigo: 'RVG01', descripcion: '', observaciones: '', pathFuente: 'usuarios[0].codSexo', fuente: 'Rips' }]);
    expect(map.get('usuarios[0].codSexo')).toHaveLength(1);
    const campos = ['codPrestador', 'fechaInicioAtencion', 'vrServicio', 'consecutivo'].map((c) => campo({ campo: c }));
    expect(nuevoServicio(campos, 2, { codPrestador: '110013120501', fechaInicioAtencion: '2025-07-04 17:00', vrServicio: 280000, consecutivo: 1 })).toEqual({
      codPrestador: '110013120501',
      fechaInicioAtencion: '2025-07-04 17:00',
      vrServicio: null,
      consecutivo: 2,
    });
    expect(edadEn('1963-08-20', '2025-07-04 17:00')).toBe(61);
  });
});
