import { describe, expect, it } from 'vitest';
import { PAR1_JSON, PAR1_XML, sample } from '../../../test/helpers.ts';
import { lineaGrupoChat, ordenarGruposChat } from '../chat/asistente.ts';
import { revisarArchivos } from './analysis.ts';

/**
 * The chat's check of attached files runs in a worker thread and hands its answer back by structured clone: a badly
 * exported RIPS has tens of thousands of findings, so they come back grouped by code with a few of each and the counts
 * (docs/decisions/044), and the chat's lines read the same as from the whole list.
 */
describe('revisarArchivos (the chat check of attached files)', () => {
  it('returns the rejections grouped by code, three findings each with the counts, not every finding', () => {
    const rips = JSON.parse(sample(PAR1_JSON).toString('utf8')) as { usuarios: Record<string, unknown>[] };
    const base = rips.usuarios[0]!;
    // 400 users with a wrong document type and negative values in every service: hundreds of findings per code.
    rips.usuarios = Array.from({ length: 400 }, (_, i) => {
      const u = structuredClone(base) as { tipoDocumentoIdentificacion: string; numDocumentoIdentificacion: string; consecutivo: number; servicios: Record<string, Record<string, unknown>[]> };
      u.tipoDocumentoIdentificacion = 'ZZ';
      u.numDocumentoIdentificacion = String(1_000_000 + i);
      u.consecutivo = i + 1;
      for (const lista of Object.values(u.servicios)) for (const s of lista) s['vrServicio'] = -5;
      return u;
    });
    const r = revisarArchivos({ xml: sample(PAR1_XML), rips: Buffer.from(JSON.stringify(rips)) });
    expect(r.error).toBeNull();
    const total = r.rechazos.reduce((n, g) => n + g.total, 0);
    expect(total).toBeGreaterThanOrEqual(200);
    for (const g of r.rechazos) {
      expect(g.items.length).toBeLessThanOrEqual(3);
      expect(g.items.length).toBeLessThanOrEqual(g.total);
      expect(g.conLugar).toBeLessThanOrEqual(g.total);
    }
    // What crosses the thread is small: a few kilobytes, whatever the number of findings.
    expect(JSON.stringify(r).length).toBeLessThan(20_000);
    const [primero] = ordenarGruposChat(r.rechazos);
    expect(lineaGrupoChat(primero!)).toContain(`(${primero!.total} veces)`);
    expect(lineaGrupoChat(primero!)).toContain(`y ${primero!.conLugar - 2} más`);
  });
});
