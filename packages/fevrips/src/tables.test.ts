import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRipsStructure } from './check.ts';
import { parseRipsObject } from './rips.ts';
import {
  DEFAULT_RIPS_SCHEMA_VERSION,
  RIPS_SCHEMA_VERSIONS,
  isRipsSchemaVersion,
  ripsSchema,
} from './schema.ts';
import { SERVICE_LISTS } from './rips.ts';
import {
  codesFromSispro,
  cupsFromSispro,
  defaultReferenceTables,
  parseSisproTable,
  referenceTablesFromSispro,
} from './tables.ts';
import { SAMPLES_DIR, SAMPLE, readSampleJson } from '../test/samples.ts';

const CUPS_EXPORT = resolve(SAMPLES_DIR, 'tablas-referencia/TablaReferencia_CUPSRips__1.txt');

describe('SISPRO TablaReferencia loader', () => {
  it('reads the format: BOM, CRLF, ";", Extra_* columns by name', () => {
    const text =
      '\uFEFFTabla;Codigo;Nombre;Descripcion;Habilitado;Extra_I:UsoCodigoCUP;Extra_VI:Sexo\r\nCUPSRips;890201;CONSULTA;x;SI;AC;Z\r\nCUPSRips;000001;VIEJO;x;NO;AP;F\r\n\r\n';
    const rows = parseSisproTable(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      tabla: 'CUPSRips',
      codigo: '890201',
      habilitado: true,
      extra: { UsoCodigoCUP: 'AC', Sexo: 'Z' },
    });
    expect([...cupsFromSispro(text).keys()]).toEqual(['890201']);
    expect(() => parseSisproTable('a;b\n1;2')).toThrow();
  });

  it('the shipped CUPS data equals what the loader reads from the SISPRO export (derive-tables.ts is up to date)', () => {
    const fromSource = cupsFromSispro(readFileSync(CUPS_EXPORT, 'utf8'));
    const shipped = defaultReferenceTables().cups;
    expect(shipped.size).toBe(13_622);
    expect(shipped.size).toBe(fromSource.size);
    for (const [code, entry] of fromSource) expect(shipped.get(code)).toEqual(entry);
    expect(defaultReferenceTables().cie10.size).toBe(12_634);
    expect(defaultReferenceTables().municipios.size).toBe(1_122);
  });

  it('an updated SISPRO export drops in and replaces the shipped catalogue', () => {
    const update = 'Tabla;Codigo;Nombre;Habilitado\r\nCIE10;A000;COLERA;SI\r\nCIE10;U999;NUEVO;SI\r\n';
    const tables = referenceTablesFromSispro([{ name: 'TablaReferencia_CIE10__2.txt', text: update }]);
    expect([...tables.cie10]).toEqual(['A000', 'U999']);
    expect(tables.fuentes.cie10).toBe('TablaReferencia_CIE10__2.txt');
    expect(tables.cups).toBe(defaultReferenceTables().cups);
    expect(codesFromSispro('Tabla;Codigo;Habilitado\nMunicipio;05001;SI\n').has('05001')).toBe(true);
    // the replaced table is what the structure check uses
    const rips = readSampleJson(SAMPLE.par1Json);
    const findings = checkRipsStructure(parseRipsObject(rips), { tables });
    expect(findings.some((h) => h.observaciones.includes('Verificar tabla de referencia CIE10'))).toBe(true);
  });
});

describe('versioned RIPS schema', () => {
  it('Res. 2275/2023 is the default and Res. 948/2026 DT1 v002 stands beside it; unknown versions are refused', () => {
    expect(RIPS_SCHEMA_VERSIONS).toEqual(['res2275-2023', 'res948-2026-dt1-v002']);
    expect(DEFAULT_RIPS_SCHEMA_VERSION).toBe('res2275-2023');
    expect(isRipsSchemaVersion('res948-2026-dt1-v002')).toBe(true);
    expect(isRipsSchemaVersion('res948-2026')).toBe(false);
  });

  it('defines the transaction, the usuario and all seven service lists', () => {
    const schema = ripsSchema();
    expect(Object.keys(schema.servicios).sort()).toEqual([...SERVICE_LISTS].sort());
    expect(Object.keys(schema.transaccion)).toEqual([
      'numDocumentoIdObligado',
      'numFactura',
      'tipoNota',
      'numNota',
    ]);
    expect(schema.usuario['codMunicipioResidencia']).toMatchObject({
      table: 'Municipio',
      minLength: 5,
      maxLength: 5,
    });
    expect(schema.servicios.consultas['codServicio']).toMatchObject({ kind: 'entero', required: true });
    expect(schema.servicios.otrosServicios['numDocumentoIdentificacion']?.required).toBe(false);
  });

  it('accepts what real accepted files contain (reference §2.12)', () => {
    const rips = readSampleJson(SAMPLE.par1Json) as Record<string, unknown> & {
      usuarios: Record<string, unknown>[];
    };
    rips['tipoNota'] = '';
    rips['numNota'] = null;
    const proc = (rips.usuarios[0]?.['servicios'] as Record<string, Record<string, unknown>[]>)[
      'procedimientos'
    ]![0]!;
    proc['numFEVPagoModerador'] = 'null';
    proc['idMIPRES'] = '';
    proc['codServicio'] = '706';
    expect(checkRipsStructure(parseRipsObject(rips))).toEqual([]);
  });
});
