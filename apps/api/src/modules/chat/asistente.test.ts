import { describe, expect, it } from 'vitest';
import { reglaDe } from '@radica/contracts/reglas';
import { responderDocumento } from './asistente.ts';

/** A rejection answer leads with what blocks the sending and gives each explanation once. */
describe('responderDocumento', () => {
  const hallazgo = (codigo: string, pathFuente: string, clase = 'RECHAZADO') => ({
    clase,
    codigo,
    descripcion: `descripción de ${codigo}`,
    observaciones: '',
    pathFuente,
  });

  it('explains codes that share a fix once, and the rejections before the notices', () => {
    // RVC020 and RVC021 have the same fix in the catalogue: the second refers to the first.
    expect(reglaDe('RVC020')!.comoCorregir).toBe(reglaDe('RVC021')!.comoCorregir);
    const r = responderDocumento({
      id: 9,
      formato: 'FE9',
      estado: 'NO_APROBADO',
      cuv: null,
      errores: [
        ...['usuarios[0]', 'usuarios[1]', 'usuarios[2]', 'usuarios[3]'].map((p) => hallazgo('RVC020', p)),
        hallazgo('RVC021', 'usuarios[0]'),
        hallazgo('RVC004', 'numFactura'),
      ],
      notificaciones: [hallazgo('RVG18', '', 'NOTIFICACION')],
      prevalidacion: [],
    });
    const lines = r.output.split('\n');
    expect(lines[1]).toBe('El Ministerio lo rechazó por:');
    expect(lines[2]).toMatch(/^- RVC004 en numFactura/);
    expect(r.output.split(reglaDe('RVC020')!.comoCorregir)).toHaveLength(2);
    expect(r.output).toContain('- RVC021 en usuarios[0]: descripción de RVC021. Cómo corregirlo: igual que RVC020.');
    expect(r.output.indexOf('RVG18')).toBeGreaterThan(r.output.indexOf('RVC021'));
  });
});
