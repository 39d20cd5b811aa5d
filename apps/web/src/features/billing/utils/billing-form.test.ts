import { describe, expect, it } from 'vitest';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { MSG } from '@radica/contracts/messages';
import type { TLocationOption } from '../../../lib/location-search';
import {
  EMPTY_BILLING_FORM,
  formatLocalPhone,
  fromBillingData,
  splitFullName,
  toBillingData,
  validateBilling,
} from './billing-form';

const MEDELLIN: TLocationOption = {
  key: 'CO-05-001',
  label: 'MEDELLÍN, ANTIOQUIA, Colombia',
  codPais: 'CO',
  codDepartamento: '05',
  codCiudad: '001',
  ciudad: 'MEDELLÍN',
  departamento: 'ANTIOQUIA',
  pais: 'Colombia',
};
const FILLED = {
  firstName: 'Ana',
  lastName: 'Gómez Ruiz',
  email: 'ana@ips.co',
  phone: '3001234567',
  address: 'Calle 10 # 20-30',
  location: MEDELLIN,
};

describe('billing form (seed 002 §2, §5)', () => {
  it('gives every seed message on an empty form', () => {
    expect(validateBilling(EMPTY_BILLING_FORM)).toEqual({
      firstName: MSG_PAGOS.nombreRequerido,
      lastName: MSG_PAGOS.apellidoRequerido,
      email: MSG.emailRequired,
      phone: MSG_PAGOS.telefonoRequerido,
      address: MSG_PAGOS.direccionRequerida,
      location: MSG_PAGOS.ubicacionRequerida,
    });
  });

  it('checks the e-mail format and accepts a full form', () => {
    expect(validateBilling({ ...FILLED, email: 'ana@' })).toEqual({ email: MSG_PAGOS.emailInvalido });
    expect(validateBilling({ ...FILLED, firstName: '   ' })).toEqual({
      firstName: MSG_PAGOS.nombreRequerido,
    });
    expect(validateBilling(FILLED)).toEqual({});
  });

  it('builds billingData with +57, Colombia and the 5-digit city code', () => {
    expect(toBillingData(FILLED)).toEqual({
      firstName: 'Ana',
      lastName: 'Gómez Ruiz',
      email: 'ana@ips.co',
      phone: '+573001234567',
      country: 'Colombia',
      address: 'Calle 10 # 20-30',
      city: 'MEDELLÍN',
      region: 'ANTIOQUIA',
      codPais: 'CO',
      codDepartamento: '05',
      codCiudad: '05001',
    });
  });

  it('round-trips stored billing data back into the form (Edit)', () => {
    expect(fromBillingData(toBillingData(FILLED))).toEqual(FILLED);
  });

  it('splits the signed-in name: first word, then the rest', () => {
    expect(splitFullName('  Ana María  Gómez ')).toEqual({ firstName: 'Ana', lastName: 'María Gómez' });
    expect(splitFullName('Ana')).toEqual({ firstName: 'Ana', lastName: '' });
    // Two given names and two surnames ('Fernanda' is not a surname).
    expect(splitFullName('María Fernanda Ríos Gómez')).toEqual({ firstName: 'María Fernanda', lastName: 'Ríos Gómez' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });

  it('keeps the phone digits after the prefix', () => {
    expect(formatLocalPhone('300 123 4567')).toBe('3001234567');
    expect(formatLocalPhone('+57 300 123 4567')).toBe('3001234567');
  });
});
