import { describe, expect, it } from 'vitest';
import { RIPS_CODIGOS, opcionesDe } from './rips-codigos.ts';

describe('opcionesDe: the codes of a table in the order a clerk reads them', () => {
  it('lists tipoUsuario 01 … 13 by number, never 10 … 13 before 01', () => {
    const codigos = opcionesDe('RIPSTipoUsuarioVersion2').map((o) => o.codigo);
    expect(codigos[0]).toBe('01');
    expect(codigos).toEqual([...codigos].sort((a, b) => Number(a) - Number(b)));
    expect(codigos).toHaveLength(Object.keys(RIPS_CODIGOS['RIPSTipoUsuarioVersion2']!).length);
  });

  it('keeps codes that are not numbers in the order of the table', () => {
    expect(opcionesDe('TipoIDPISIS').map((o) => o.codigo)).toEqual(Object.keys(RIPS_CODIGOS['TipoIDPISIS']!));
    expect(opcionesDe('NoExiste')).toEqual([]);
  });
});
