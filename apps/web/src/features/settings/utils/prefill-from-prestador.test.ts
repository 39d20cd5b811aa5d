import { describe, expect, it } from 'vitest';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { isSameNit, prefillFromPrestador } from './prefill-from-prestador';

const PRESTADOR: TPrestadorResultado = {
  id: 7,
  codigoPrestadorServicio: '680010012301',
  nombre: 'CLINICA DEL NORTE',
  displayText: '680010012301 - CLINICA DEL NORTE',
  numeroIdentificacion: '900123456',
  razonSocial: 'CLINICA DEL NORTE S.A.S.',
  tipoPrestadorServicio: '02',
  direccion: 'Calle 10 # 20-30',
  telefono: '6076543210',
  email: 'info@clinicanorte.co',
  tipoCaracter: 'D',
  tipoClasePersona: 'J',
  tipoEntidad: '01',
  nombreRepresentanteLegal: 'María Pérez',
  fechaRadicacion: '2021-03-04',
  fechaVencimiento: '2025-03-04T00:00:00Z',
  activo: true,
};
const of = (over: Partial<TPrestadorResultado>) => prefillFromPrestador({ ...PRESTADOR, ...over });

describe('prefillFromPrestador (seed 000 §2 "Selecting a provider pre-fills…")', () => {
  it('fills the code, telephone, types, representative and dates', () => {
    expect(prefillFromPrestador(PRESTADOR)).toEqual({
      codigoPrestador: '680010012301',
      telefonoAdicional: '6076543210',
      tipoPrestadorServicio: '02',
      tipoCaracter: 'D',
      tipoEntidad: '01',
      nombreRepresentanteLegal: 'María Pérez',
      fechaRadicacion: '2021-03-04',
      fechaVencimiento: '2025-03-04',
      tipoClasePersona: 'J',
    });
  });

  it.each([
    ['N', 'N'],
    ['n', 'N'],
    ['natural', 'N'],
    ['1', 'N'],
    ['J', 'J'],
    ['j', 'J'],
    ['juridico', 'J'],
    ['2', 'J'],
  ])('maps tipoClasePersona %s to %s', (value, expected) => {
    expect(of({ tipoClasePersona: value }).tipoClasePersona).toBe(expected);
  });

  it('without tipoClasePersona: juridico when razonSocial differs from nombre, else natural', () => {
    expect(of({ tipoClasePersona: null }).tipoClasePersona).toBe('J');
    expect(of({ tipoClasePersona: '' }).tipoClasePersona).toBe('J');
    expect(of({ tipoClasePersona: null, razonSocial: 'CLINICA DEL NORTE' }).tipoClasePersona).toBe('N');
    expect(of({ tipoClasePersona: null, razonSocial: null }).tipoClasePersona).toBe('N');
    // A value outside the seed's list counts as missing.
    expect(of({ tipoClasePersona: 'X', razonSocial: null }).tipoClasePersona).toBe('N');
  });

  it('without a representative: razonSocial when it differs from nombre, else empty', () => {
    expect(of({ nombreRepresentanteLegal: null }).nombreRepresentanteLegal).toBe('CLINICA DEL NORTE S.A.S.');
    expect(of({ nombreRepresentanteLegal: '  ' }).nombreRepresentanteLegal).toBe('CLINICA DEL NORTE S.A.S.');
    expect(
      of({ nombreRepresentanteLegal: null, razonSocial: 'CLINICA DEL NORTE' }).nombreRepresentanteLegal,
    ).toBe('');
    expect(of({ nombreRepresentanteLegal: null, razonSocial: null }).nombreRepresentanteLegal).toBe('');
  });

  it('leaves empty what the provider lacks or what is not one of the form codes', () => {
    expect(
      of({
        telefono: null,
        tipoPrestadorServicio: '09',
        tipoCaracter: null,
        tipoEntidad: '02',
        fechaRadicacion: null,
        fechaVencimiento: 'sin fecha',
      }),
    ).toMatchObject({
      telefonoAdicional: '',
      tipoPrestadorServicio: '',
      tipoCaracter: '',
      tipoEntidad: '',
      fechaRadicacion: '',
      fechaVencimiento: '',
    });
    expect(of({ tipoCaracter: 'N/A' }).tipoCaracter).toBe('N/A');
  });
});

describe('isSameNit', () => {
  it('compares digits, ignoring a check digit written after one of them', () => {
    expect(isSameNit('900123456', '900123456')).toBe(true);
    expect(isSameNit('900.123.456-1', '900123456')).toBe(true);
    expect(isSameNit('9001234561', '900123456')).toBe(true);
    expect(isSameNit('900123456', '900373115')).toBe(false);
  });
});
