import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUV_CARGA_ENDPOINTS } from './muv.ts';
import { PAQUETES_NOTA, REGLAS, REGLAS_POR_CODIGO, clasePorPaquete, coberturaReglas, reglaDe } from './reglas.ts';

/** The pre-validator's source (packages/fevrips/src, tests excluded): what it emits today. */
const ENGINE_DIR = join(import.meta.dirname, '../../fevrips/src');
const engineSource = readdirSync(ENGINE_DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => readFileSync(join(ENGINE_DIR, f), 'utf8'))
  .join('\n');

/** Ministry codes quoted in the engine source (each is emitted as a finding code; see reglas.ts). */
const MINISTRY_CODE = /'(RV[CG][0-9]+|VFE[0-9]+|DND[0-9]+|FED[0-9]+|PFP[0-9]+|CIN[0-9]+)'/g;
/** Any finding code written as `codigo: '…'`, which also catches Radica's own codes (LIMITE_HALLAZGOS…). */
const CODIGO_LITERAL = /codigo: '([A-Z][A-Z0-9_]+)'/g;

const matches = (re: RegExp): Set<string> =>
  new Set([...engineSource.matchAll(re)].map((m) => m[1] as string));
const engineCodes = matches(MINISTRY_CODE);
const esRadica = (codigo: string) => REGLAS_POR_CODIGO.get(codigo)?.origen === 'Radica';

describe('rule catalogue', () => {
  it('has one entry per code, reachable by code', () => {
    const codes = REGLAS.map((r) => r.codigo);
    expect(new Set(codes).size).toBe(codes.length);
    expect(REGLAS_POR_CODIGO.size).toBe(codes.length);
    for (const c of codes) expect(c, c).toBe(c.toUpperCase());
  });

  it('lists every RVC001–RVC098 except RVC093, and the RVG, CIN and XML codes of reference §3', () => {
    for (let n = 1; n <= 98; n++) {
      const codigo = `RVC${String(n).padStart(3, '0')}`;
      if (n === 93) expect(REGLAS_POR_CODIGO.has(codigo)).toBe(false);
      else expect(REGLAS_POR_CODIGO.has(codigo), codigo).toBe(true);
    }
    const others = [
      ...['RVG01', 'RVG02', 'RVG05', 'RVG08', 'RVG09', 'RVG10', 'RVG11', 'RVG12', 'RVG13', 'RVG14'],
      ...['RVG18', 'RVG19', 'RVG018', 'CIN006'],
      ...['VFE003', 'VFE005', 'VFE006', 'VFE007', 'VFE011', 'VFE012', 'VFE020', 'VFE021', 'VFE022'],
      ...['PFP001', 'GI013', 'GI014', 'PFR001', 'DND060', 'DND100', 'DND101', 'DND104', 'DND105'],
      ...['DND114', 'DND116', 'FED129', 'FED131', 'LIMITE_HALLAZGOS', 'ERROR_VALIDADOR'],
    ];
    for (const codigo of others) expect(REGLAS_POR_CODIGO.has(codigo), codigo).toBe(true);
  });

  it('marks implementada exactly the codes the pre-validator emits', () => {
    expect(engineCodes.size).toBeGreaterThan(0);
    for (const codigo of engineCodes) expect(reglaDe(codigo)?.estado, codigo).toBe('implementada');
    for (const r of REGLAS.filter((x) => x.estado === 'implementada' && !esRadica(x.codigo)))
      expect(engineCodes.has(r.codigo), r.codigo).toBe(true);
  });

  it("catalogues every codigo literal of the engine, and Radica's own codes are all emitted there", () => {
    const literals = matches(CODIGO_LITERAL);
    for (const codigo of literals) expect(reglaDe(codigo)?.estado, codigo).toBe('implementada');
    for (const r of REGLAS.filter((x) => x.origen === 'Radica')) {
      expect(r.estado, r.codigo).toBe('implementada');
      expect(literals.has(r.codigo), r.codigo).toBe(true);
    }
  });

  it('gives every entry its texts, a class and, when not implemented, a note', () => {
    for (const r of REGLAS) {
      for (const key of ['descripcion', 'significado', 'comoCorregir', 'origen'] as const) {
        expect(r[key].trim(), `${r.codigo}.${key}`).not.toBe('');
        expect(r[key], `${r.codigo}.${key}`).not.toMatch(/\n/);
      }
      expect(['R', 'N'], r.codigo).toContain(r.clase);
      expect(['Rips', 'FacturaElectronica', 'Ambos'], r.codigo).toContain(r.fuente);
      if (r.estado !== 'implementada') expect(r.nota?.trim(), r.codigo).toBeTruthy();
    }
  });

  it('adds the coverage up', () => {
    const c = coberturaReglas();
    expect(c.total).toBe(REGLAS.length);
    expect(c.implementada + c.ministerio + c.pendiente).toBe(c.total);
    expect(c.implementada).toBe(REGLAS.filter((r) => r.estado === 'implementada').length);
    expect(c.ministerio).toBe(REGLAS.filter((r) => r.estado === 'ministerio').length);
  });

  it('looks codes up case-insensitively, keeping RVG18 and RVG018 apart', () => {
    expect(reglaDe('rvc001')).toBe(REGLAS_POR_CODIGO.get('RVC001'));
    expect(reglaDe(' Fed131 ')?.codigo).toBe('FED131');
    expect(reglaDe('rvg18')?.estado).toBe('ministerio');
    expect(reglaDe('RVG018')?.estado).toBe('implementada');
    expect(reglaDe('RVG8')).toBeUndefined();
    expect(reglaDe('RVC093')).toBeUndefined();
    expect(reglaDe('XYZ999')).toBeUndefined();
    expect(reglaDe('')).toBeUndefined();
  });

  it('gives a class per package type with its source, each type at most once per code', () => {
    const endpoints = new Set<string>(MUV_CARGA_ENDPOINTS.map((e) => e.name));
    for (const r of REGLAS.filter((x) => x.porPaquete)) {
      const vistos = new Set<string>();
      expect(r.porPaquete!.length, r.codigo).toBeGreaterThan(0);
      for (const p of r.porPaquete!) {
        expect(['R', 'N'], r.codigo).toContain(p.clase);
        expect(p.origen.trim(), r.codigo).not.toBe('');
        // every source carries its date (a year), as the reports of the ministry's classes differ by date
        expect(p.origen, r.codigo).toMatch(/20\d\d/);
        for (const t of [p.origen, p.significado ?? '', p.comoCorregir ?? '']) expect(t, r.codigo).not.toMatch(/\n/);
        for (const paquete of p.paquetes) {
          expect(endpoints.has(paquete), `${r.codigo} ${paquete}`).toBe(true);
          expect(vistos.has(paquete), `${r.codigo} ${paquete} twice`).toBe(false);
          vistos.add(paquete);
        }
      }
    }
  });

  it('answers the entry as it applies to a package type (RVC086: N on an invoice, R on every note)', () => {
    expect(reglaDe('RVC086')?.clase).toBe('N');
    expect(reglaDe('rvc086', 'CargarFevRips')).toMatchObject({ codigo: 'RVC086', clase: 'N' });
    for (const paquete of PAQUETES_NOTA) {
      const r = reglaDe('RVC086', paquete);
      expect(r?.clase, paquete).toBe('R');
      expect(r?.origen, paquete).toContain('junio de 2026');
      expect(r?.significado, paquete).toContain('rechaza');
      expect(clasePorPaquete('RVC086', paquete), paquete).toBe('R');
    }
    // a type without an entry of its own keeps the general class, and so does an unknown one
    for (const paquete of ['CargarRipsSinFactura', 'CargarCapitaPeriodo', 'Otro', '']) {
      expect(reglaDe('RVC086', paquete)).toBe(REGLAS_POR_CODIGO.get('RVC086'));
      expect(clasePorPaquete('RVC086', paquete)).toBeNull();
    }
    // RVC063 stays a notice on notes: no answer shows its class there (decision 049)
    expect(reglaDe('RVC063', 'CargarNC')?.clase).toBe('N');
    expect(clasePorPaquete('RVC001', 'CargarNC')).toBeNull();
    expect(clasePorPaquete('XYZ999', 'CargarNC')).toBeNull();
  });
});
