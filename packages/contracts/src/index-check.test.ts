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

describe('error codes (issue 10 §3)', () => {
  it('every code has a 4xx or 5xx status, and the error body schema accepts exactly the catalogue codes', async () => {
    const { ERROR_STATUS, ZErrorResponse } = await import('./errors.ts');
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(ZErrorResponse.safeParse({ success: false, message: 'x', code }).success).toBe(true);
    }
    expect(ZErrorResponse.safeParse({ success: false, message: 'x', code: 'INVENTADO' }).success).toBe(false);
  });
});

describe('message catalogue (issue 10 §3)', () => {
  it('defines each Spanish text once across the domains', async () => {
    const catalogues = {
      MSG: (await import('./messages.ts')).MSG,
      MSG_CUENTAS: (await import('./messages-cuentas.ts')).MSG_CUENTAS,
      MSG_MINISTERIO: (await import('./messages-ministerio.ts')).MSG_MINISTERIO,
      MSG_PAGOS: (await import('./messages-pagos.ts')).MSG_PAGOS,
      MSG_CHAT: (await import('./messages-chat.ts')).MSG_CHAT,
      MSG_INTEGRACIONES: (await import('./messages-integraciones.ts')).MSG_INTEGRACIONES,
      MSG_CORREO: (await import('./messages-correo.ts')).MSG_CORREO,
      MSG_SFTP: (await import('./messages-sftp.ts')).MSG_SFTP,
      MSG_AVISOS: (await import('./messages-avisos.ts')).MSG_AVISOS,
      MSG_BACKUPS: (await import('./messages-backups.ts')).MSG_BACKUPS,
      MSG_OPERADOR: (await import('./messages-operador.ts')).MSG_OPERADOR,
      MSG_USUARIOS: (await import('./messages-usuarios.ts')).MSG_USUARIOS,
      MSG_RIPS: (await import('./messages-rips.ts')).MSG_RIPS,
      MSG_NOTAS: (await import('./messages-notas.ts')).MSG_NOTAS,
    };
    const seen = new Map<string, string>();
    const repeated: string[] = [];
    for (const [name, catalogue] of Object.entries(catalogues))
      for (const [key, text] of Object.entries(catalogue)) {
        if (typeof text !== 'string') continue;
        const where = `${name}.${key}`;
        if (seen.has(text)) repeated.push(`${seen.get(text)} = ${where}`);
        else seen.set(text, where);
      }
    expect(repeated).toEqual([]);
  });
});
