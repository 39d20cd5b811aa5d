import { describe, expect, it } from 'vitest';
import { checkDocuments } from './engine.ts';
import { parseRipsObject } from './rips.ts';
import { USUARIO_OBLIGATORIO_SI } from './structure.ts';
import { agrega, consulta, consulta1, ripsBase, usuario1 } from '../test/sinteticos.ts';

/** Findings the RIPS editor shows as a clerk types: texts with nothing empty in them, and the fields required by condition. */
const NOW = new Date('2026-11-23T12:00:00-05:00');
const check = (rips: ReturnType<typeof ripsBase>) => checkDocuments(null, parseRipsObject(rips), { now: NOW, version: 'res2275-2023' });

describe('RVC018 (the same CUPS twice the same day)', () => {
  it('is not raised for services without a date: a missing date is not "the same day", and no «el []» is written', () => {
    const rips = ripsBase();
    consulta1(rips)['fechaInicioAtencion'] = null;
    agrega(rips, 'consultas', { ...consulta(), fechaInicioAtencion: null, consecutivo: 2 });
    const found = check(rips);
    expect(found.filter((h) => h.codigo === 'RVC018')).toEqual([]);
    expect(found.some((h) => h.observaciones.includes('[]'))).toBe(false);
  });

  it('still names the CUPS and the day when both services have it', () => {
    const rips = ripsBase();
    agrega(rips, 'consultas', { ...consulta(), consecutivo: 2 });
    expect(check(rips).find((h) => h.codigo === 'RVC018')?.observaciones).toBe('Dato enviado [890201] el [2025-07-04]');
  });
});

describe('fields required by condition (the editor marks them with the same table)', () => {
  it('municipio and zona are reported missing only when the country of residence is 170', () => {
    expect(Object.keys(USUARIO_OBLIGATORIO_SI)).toEqual(['codMunicipioResidencia', 'codZonaTerritorialResidencia']);
    const colombia = ripsBase();
    usuario1(colombia)['codMunicipioResidencia'] = null;
    expect(check(colombia).find((h) => h.pathFuente === 'usuarios[0].codMunicipioResidencia')?.observaciones).toContain('es obligatoria');
    const fuera = ripsBase();
    Object.assign(usuario1(fuera), { codPaisResidencia: '862', codMunicipioResidencia: null, codZonaTerritorialResidencia: null });
    expect(check(fuera).some((h) => h.pathFuente === 'usuarios[0].codMunicipioResidencia')).toBe(false);
  });
});
