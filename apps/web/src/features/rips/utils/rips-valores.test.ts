import { describe, expect, it } from 'vitest';
import type { TCampoRips, TEstructuraData } from '@radica/contracts/rips';
import { RVC065_CAMPOS } from '@radica/contracts/rips-codigos';
import { deTexto, edadEn, esObligatorio, esRutaDeCampo, hallazgosPorRuta, nuevoServicio, primerCodPrestador, rutaCampo, servicioConMedicamento } from './rips-valores';

const campo = (c: Partial<TCampoRips>): TCampoRips => ({ campo: 'x', tipo: 'texto', obligatorio: false, ...c });

describe('RIPS editor values', () => {
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

describe('RIPS editor values: what a newcomer met', () => {
  const estructura: TEstructuraData = {
    version: 'res2275-2023',
    norma: 'Res. 2275/2023',
    transaccion: [campo({ campo: 'numFactura' })],
    usuario: [campo({ campo: 'codSexo' }), campo({ campo: 'codMunicipioResidencia', obligatorioSi: { campo: 'codPaisResidencia', valor: '170' } })],
    servicios: { consultas: [campo({ campo: 'codPrestador' }), campo({ campo: 'vrServicio' })] },
  };
  const rips = { usuarios: [{ codSexo: 'M', servicios: { consultas: [{ codPrestador: null }] } }] };

  it('gives no age for a birth date that is not a real date', () => {
    expect(edadEn('1963-02-30', '2025-07-04 17:00')).toBeNull();
    expect(edadEn('1963-13-01', '2025-07-04 17:00')).toBeNull();
    expect(edadEn('1963-02-28x', '2025-07-04 17:00')).toBeNull();
    expect(edadEn('2000-02-29', '2025-07-04 17:00')).toBe(25);
  });

  it('starts a first service with the suggested codPrestador, never over a copied one', () => {
    const campos = ['codPrestador', 'vrServicio', 'consecutivo'].map((c) => campo({ campo: c }));
    expect(nuevoServicio(campos, 1, null, '110013120501')).toEqual({ codPrestador: '110013120501', vrServicio: null, consecutivo: 1 });
    expect(nuevoServicio(campos, 2, { codPrestador: '520010110201' }, '110013120501')['codPrestador']).toBe('520010110201');
    expect(primerCodPrestador({ usuarios: [{ servicios: {} }, { servicios: { procedimientos: [{ codPrestador: '520010110201' }] } }] })).toBe('520010110201');
  });

  it('a medicine of type 01 picked from the catalogue leaves the RVC065 fields null', () => {
    const med = { nomTecnologiaSalud: 'ACETAMINOFEN', formaFarmaceutica: 'TABLETA', concentracionMedicamento: 500, unidadMedida: 168, unidadMinDispensa: 74, tipoMedicamento: '01' };
    const s = servicioConMedicamento({ cantidadMedicamento: 10 }, '19943544-1', med);
    expect(s).toMatchObject({ codTecnologiaSalud: '19943544-1', formaFarmaceutica: 'TABLETA', unidadMinDispensa: 74, tipoMedicamento: '01', cantidadMedicamento: 10 });
    for (const k of RVC065_CAMPOS) expect(s[k]).toBeNull();
    const magistral = servicioConMedicamento({}, 'MAG-1', { ...med, tipoMedicamento: '03' });
    expect(magistral).toMatchObject({ nomTecnologiaSalud: 'ACETAMINOFEN', concentracionMedicamento: 500, unidadMedida: 168 });
  });

  it('puts a finding under a field only when the editor shows that field', () => {
    expect(esRutaDeCampo('numFactura', estructura, rips)).toBe(true);
    expect(esRutaDeCampo('usuarios[0].codSexo', estructura, rips)).toBe(true);
    expect(esRutaDeCampo('usuarios[0].servicios.consultas[0].codPrestador', estructura, rips)).toBe(true);
    // a property the structure does not have, a user or a service that is not there, a list, the file
    expect(esRutaDeCampo('usuarios[0].servicios.consultas[0].tipoPagoModerador', estructura, rips)).toBe(false);
    expect(esRutaDeCampo('usuarios[0].Servicios.consultas[0].codPrestador', estructura, rips)).toBe(false);
    expect(esRutaDeCampo('usuarios[3].codSexo', estructura, rips)).toBe(false);
    expect(esRutaDeCampo('usuarios[0].servicios.consultas[4].codPrestador', estructura, rips)).toBe(false);
    expect(esRutaDeCampo('usuarios[0].servicios', estructura, rips)).toBe(false);
    expect(esRutaDeCampo('', estructura, rips)).toBe(false);
  });

  it('marks a field required by its condition only when the condition holds', () => {
    const municipio = estructura.usuario[1]!;
    expect(esObligatorio(municipio, { codPaisResidencia: '170' })).toBe(true);
    expect(esObligatorio(municipio, { codPaisResidencia: '862' })).toBe(false);
  });
});
