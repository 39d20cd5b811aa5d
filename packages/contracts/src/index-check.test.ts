import { describe, expect, it } from 'vitest';
import { ZRegistrationRequest, ZLoginRequest } from './auth.ts';
import { ZProviderConfigRequest, mapTipoClasePersona } from './provider.ts';
import { MSG } from './messages.ts';

describe('contracts', () => {
  it('rejects a short login password with the seed text', () => {
    const r = ZLoginRequest.safeParse({ email: 'a@b.co', password: '123' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MSG.passwordMin6);
  });
  it('requires the tercero personal data with the seed texts', () => {
    const r = ZRegistrationRequest.safeParse({
      terceroData: { tipoIdentidad: 'CC', numeroIdentificacion: '1', codPais: 'CO', codDepartamento: '68', codCiudad: '001' },
      credentialData: { credentialType: 'manual', email: 'a@b.co', password: '12345678' },
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain(MSG.primerNombreRequired);
    expect(messages).toContain(MSG.primerApellidoRequired);
  });
  it('maps tipoClasePersona values as seed 000 §2 says', () => {
    expect(['N', 'n', 'natural', '1'].map(mapTipoClasePersona)).toEqual(['N', 'N', 'N', 'N']);
    expect(['J', 'j', 'juridico', '2'].map(mapTipoClasePersona)).toEqual(['J', 'J', 'J', 'J']);
    expect(mapTipoClasePersona('x')).toBeNull();
  });
  it('requires the three provider fields with the seed texts', () => {
    const r = ZProviderConfigRequest.safeParse({ codigoPrestador: '', userValidator: '' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain(MSG.codigoPrestadorRequired);
    expect(messages).toContain(MSG.usuarioValidadorRequired);
  });
});
