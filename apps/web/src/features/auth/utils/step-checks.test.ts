import { describe, expect, it } from 'vitest';
import { checkSubStep, followRazonSocial } from './step-checks';
import { resetPasswordScore, ZResetForm } from './reset-password-rules';
import { progressUnits } from '../components/register-wizard';
import { googleNameParts } from '../hooks/use-google-registration';

describe('checkSubStep (seed 000 §5 step checks)', () => {
  it('names', () => {
    expect(checkSubStep(0, {})).toBe('El primer nombre es obligatorio');
    expect(checkSubStep(0, { primerNombre: 'Ana' })).toBe('El primer apellido es obligatorio');
    expect(checkSubStep(0, { primerNombre: 'Ana', primerApellido: 'Gómez' })).toBeNull();
  });
  it('identification', () => {
    expect(checkSubStep(1, {})).toBe('Selecciona un tipo de documento');
    expect(checkSubStep(1, { tipoIdentidad: 'NI', numeroIdentificacion: '  ' })).toBe(
      'Ingresa el número de documento',
    );
    expect(checkSubStep(1, { tipoIdentidad: 'NI', numeroIdentificacion: '901019681' })).toBeNull();
  });
  it('location', () => {
    // The step has only a city field, so nothing chosen names the city, not the country.
    expect(checkSubStep(2, {})).toBe('Selecciona tu ciudad');
    expect(checkSubStep(2, { codPais: 'CO' })).toBe('Selecciona tu ciudad');
    expect(checkSubStep(2, { codCiudad: '001' })).toBe('Selecciona tu departamento');
    expect(checkSubStep(2, { codCiudad: '001', codDepartamento: '68' })).toBe('Selecciona tu país');
    expect(checkSubStep(2, { codPais: 'CO', codDepartamento: '68', codCiudad: '001' })).toBeNull();
  });
  it('contact is optional', () => {
    expect(checkSubStep(3, {})).toBeNull();
  });
});

describe('followRazonSocial (seed 000 §5)', () => {
  it('copies nombre while razonSocial is empty or still the previous nombre', () => {
    expect(followRazonSocial('', '', 'I')).toBe('I');
    expect(followRazonSocial('I', 'I', 'IP')).toBe('IP');
    expect(followRazonSocial('Mi empresa S.A.S.', 'IP', 'IPS')).toBe('Mi empresa S.A.S.');
  });
});

describe('progress over 6 units (seed 000 §4, §9)', () => {
  it('counts e-mail 1, personal data 2–5, verification and after 6', () => {
    expect(progressUnits('credentials', 0)).toBe(1);
    expect([0, 1, 2, 3].map((s) => progressUnits('tercero', s))).toEqual([2, 3, 4, 5]);
    expect(progressUnits('verification', 3)).toBe(6);
    expect(progressUnits('creating', 0)).toBe(6);
  });
});

describe('googleNameParts', () => {
  it('uses given/family names, else splits the display name', () => {
    expect(
      googleNameParts({ name: 'Ana María Gómez', given_name: 'Ana María', family_name: 'Gómez Ruiz' }),
    ).toEqual({
      primerNombre: 'Ana',
      primerApellido: 'Gómez',
    });
    expect(googleNameParts({ name: 'Clínica Sol', given_name: '', family_name: '' })).toEqual({
      primerNombre: 'Clínica',
      primerApellido: 'Sol',
    });
  });
});

describe('reset form (seed 000 §5 "Reset")', () => {
  const base = { email: 'a@b.co', resetCode: '123456', newPassword: 'Clave123', confirmPassword: 'Clave123' };
  const messages = (v: Record<string, string>) => {
    const r = ZResetForm.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('accepts a valid form', () => expect(messages(base)).toEqual([]));
  it('checks the code, the password rules and the confirmation', () => {
    expect(messages({ ...base, resetCode: '' })).toContain('El código de recuperación es requerido');
    expect(messages({ ...base, resetCode: '12345' })).toContain('El código debe tener al menos 6 caracteres');
    expect(messages({ ...base, newPassword: 'clave1234', confirmPassword: 'clave1234' })).toContain(
      'La contraseña debe tener al menos una minúscula, una mayúscula y un número',
    );
    expect(messages({ ...base, confirmPassword: '' })).toContain('Confirma tu nueva contraseña');
    expect(messages({ ...base, confirmPassword: 'Clave124' })).toContain('Las contraseñas no coinciden');
  });
  it('scores the strength bars 0–5', () => {
    expect(resetPasswordScore('')).toBe(0);
    expect(resetPasswordScore('abc')).toBe(1);
    expect(resetPasswordScore('Clave123')).toBe(4);
    expect(resetPasswordScore('Clave123!')).toBe(5);
  });
});
