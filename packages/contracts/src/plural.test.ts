import { describe, expect, it } from 'vitest';
import { MSG_CUENTAS } from './messages-cuentas.ts';
import { MSG_MINISTERIO } from './messages-ministerio.ts';
import { countOf } from './plural.ts';

describe('counts read in the right number ("1 notificaciones")', () => {
  it('countOf picks the singular for exactly one', () => {
    expect(countOf(1, 'notificación', 'notificaciones')).toBe('1 notificación');
    expect(countOf(0, 'notificación', 'notificaciones')).toBe('0 notificaciones');
    expect(countOf(2, 'notificación', 'notificaciones')).toBe('2 notificaciones');
  });

  it('the success toast, the sync, bulk and download messages say 1 in the singular and 2 in the plural', () => {
    expect(MSG_MINISTERIO.sentDescription('abc', 1)).toBe('CUV: abc · 1 notificación');
    expect(MSG_MINISTERIO.sentDescription('abc', 3)).toBe('CUV: abc · 3 notificaciones');
    const counted = [
      MSG_MINISTERIO.envioMasivoEncolado,
      MSG_MINISTERIO.sincronizacionCompletada,
      MSG_MINISTERIO.syncDone,
      MSG_MINISTERIO.bulkQueued,
      MSG_MINISTERIO.bulkSkipped,
      MSG_MINISTERIO.bulkProgress,
      MSG_MINISTERIO.zipDownloaded,
      MSG_MINISTERIO.prevalidacionConfirmText,
      MSG_CUENTAS.repsFilasMalformadas,
    ];
    for (const message of counted) {
      const one = message(1);
      const two = message(2);
      expect(one).not.toMatch(/\((s|es)\)/);
      expect(two).not.toMatch(/\((s|es)\)/);
      expect(one).not.toMatch(/\b1 \p{L}+(?:s)\b(?! del)/u);
      expect(two).toMatch(/\b2 \p{L}+s\b/u);
    }
    expect(MSG_MINISTERIO.zipDownloaded(1)).toBe('1 respuesta del ministerio descargada');
    expect(MSG_MINISTERIO.prevalidacionConfirmText(1)).toContain('encontró 1 error que');
    expect(MSG_MINISTERIO.bulkSkipped(1)).toBe('1 documento omitido por su estado');
  });
});
