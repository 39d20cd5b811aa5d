import { describe, expect, it } from 'vitest';
import type { TServicioFactura } from '@radica/contracts/notas';
import {
  agruparPorUsuario,
  alternarGrupo,
  filtrarServicios,
  leerValor,
  seleccionDePropuesta,
  serviciosElegidos,
  totalElegido,
} from './nota-seleccion';

const s = (u: number, j: number, o: Partial<TServicioFactura> = {}): TServicioFactura => ({
  pathFuente: `usuarios[${u}].servicios.procedimientos[${j}]`,
  lista: 'procedimientos',
  usuario: u,
  usuarioId: `CC 10${u}`,
  codigo: '893815',
  descripcion: null,
  fecha: '2025-07-04',
  valor: 280000,
  disponible: 280000,
  ...o,
});
const SERVICIOS = [
  s(0, 0),
  s(0, 1, { codigo: '890701', disponible: 80000 }),
  s(1, 0, { lista: 'medicamentos', codigo: '19932754', descripcion: 'Clorúro' }),
];

describe("the 'Crear nota' choice of services", () => {
  it('searches by code, user, date (both ways) and description without accents', () => {
    expect(filtrarServicios(SERVICIOS, '890701').map((x) => x.pathFuente)).toEqual([
      SERVICIOS[1]!.pathFuente,
    ]);
    expect(filtrarServicios(SERVICIOS, 'cc 101')).toHaveLength(1);
    expect(filtrarServicios(SERVICIOS, '04/07/2025')).toHaveLength(3);
    expect(filtrarServicios(SERVICIOS, 'CLORURO medicamentos')).toHaveLength(1);
    expect(filtrarServicios(SERVICIOS, '  ')).toHaveLength(3);
  });

  it('groups by user and selects all of a user, keeping typed values', () => {
    const grupos = agruparPorUsuario(SERVICIOS);
    expect(grupos.map((g) => [g.usuarioId, g.servicios.length])).toEqual([
      ['CC 100', 2],
      ['CC 101', 1],
    ]);
    const sel = alternarGrupo('NC', { [SERVICIOS[0]!.pathFuente]: '5000' }, grupos[0]!.servicios, true);
    expect(sel).toEqual({ [SERVICIOS[0]!.pathFuente]: '5000', [SERVICIOS[1]!.pathFuente]: '' });
    expect(alternarGrupo('NC', sel, grupos[0]!.servicios, false)).toEqual({});
    // Nothing left to credit: not selectable for a credit note, selectable for a debit note.
    const agotado = [s(2, 0, { disponible: 0 })];
    expect(alternarGrupo('NC', {}, agotado, true)).toEqual({});
    expect(alternarGrupo('ND', {}, agotado, true)).toEqual({ [agotado[0]!.pathFuente]: '' });
  });

  it('sends typed values, omits blank ones, and totals what is left to credit for blanks', () => {
    const sel = { [SERVICIOS[0]!.pathFuente]: '100000,5', [SERVICIOS[1]!.pathFuente]: '' };
    expect(serviciosElegidos('NC', sel, SERVICIOS)).toEqual([
      { pathFuente: SERVICIOS[0]!.pathFuente, valor: 100000.5 },
      { pathFuente: SERVICIOS[1]!.pathFuente },
    ]);
    expect(totalElegido('NC', sel, SERVICIOS)).toBe(180000.5);
    expect(totalElegido('ND', sel, SERVICIOS)).toBe(380000.5);
    expect(serviciosElegidos('NA', sel, SERVICIOS).every((x) => !('valor' in x))).toBe(true);
    expect([leerValor(''), leerValor('12'), leerValor('1.5'), Number.isNaN(leerValor('1.000.000')!)]).toEqual(
      [null, 12, 1.5, true],
    );
  });

  it('takes a proposal as a choice', () => {
    expect(
      seleccionDePropuesta([
        { pathFuente: 'a', valor: 100 },
        { pathFuente: 'b', valor: null },
      ]),
    ).toEqual({ a: '100', b: '' });
  });
});
