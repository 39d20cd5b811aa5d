import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ZRegistrationRequest, ZLoginRequest } from './auth.ts';
import { ZProviderConfigRequest, mapTipoClasePersona } from './provider.ts';
import { MSG } from './messages.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

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

describe('error codes', () => {
  it('every code has a 4xx or 5xx status, and the error body schema accepts exactly the catalogue codes', async () => {
    const { ERROR_STATUS, ZErrorResponse } = await import('./errors.ts');
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(ZErrorResponse.safeParse({ success: false, message: 'x', code }).success).toBe(true);
    }
    expect(ZErrorResponse.safeParse({ success: false, message: 'x', code: 'INVENTADO' }).success).toBe(false);
  });
});

describe('message catalogue', () => {
  it('defines each Spanish text once across the domains', async () => {
    // Every messages*.ts file and every MSG* object it exports: a new catalogue is covered without editing this list.
    const files = readdirSync(HERE).filter((f) => /^messages(-[a-z]+)?\.ts$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(17);
    const catalogues: Record<string, Record<string, unknown>> = {};
    for (const file of files)
      for (const [name, value] of Object.entries(await import(join(HERE, file)) as Record<string, unknown>))
        if (name.startsWith('MSG') && typeof value === 'object' && value) catalogues[name] = value as Record<string, unknown>;
    expect(Object.keys(catalogues)).toEqual(expect.arrayContaining(['MSG', 'MSG_CONTACTO', 'MSG_LEGAL', 'MSG_MODULOS', 'MSG_RIPS']));
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
