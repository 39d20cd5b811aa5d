import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  computeCuv,
  decodeBase64Strict,
  formatFechaRadicacion,
  normalizeNit,
} from './formats.ts';

describe('formats', () => {
  it('writes FechaRadicacion with 7 fractional digits and the -05:00 offset', () => {
    expect(formatFechaRadicacion(new Date('2025-04-04T21:20:06.567Z'))).toBe(
      '2025-04-04T16:20:06.5670000-05:00',
    );
    expect(formatFechaRadicacion(new Date('2026-01-01T02:00:00.000Z'))).toBe(
      '2025-12-31T21:00:00.0000000-05:00',
    );
    expect(new Date(formatFechaRadicacion(new Date('2026-11-21T10:00:00.123Z'))).toISOString()).toBe(
      '2026-11-21T10:00:00.123Z',
    );
  });

  it('hashes XML bytes + canonical RIPS JSON into 96 lowercase hex (SHA-384)', () => {
    const xml = new TextEncoder().encode('<a/>');
    const cuv = computeCuv(xml, { b: 1, a: [1, { d: null, c: 'x' }] });
    expect(cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(computeCuv(xml, { a: [1, { c: 'x', d: null }], b: 1 })).toBe(cuv);
    expect(computeCuv(xml, { a: [1, { c: 'y', d: null }], b: 1 })).not.toBe(cuv);
    expect(computeCuv(null, { a: 1 })).toMatch(/^[0-9a-f]{96}$/);
    expect(canonicalJson({ z: undefined, y: 'ñ', x: [undefined] })).toBe('{"x":[null],"y":"ñ"}');
  });

  it('decodes strict base64 only', () => {
    expect(Buffer.from(decodeBase64Strict('77u/PGEvPg==') ?? []).toString('hex')).toBe('efbbbf3c612f3e');
    expect(decodeBase64Strict('77u/\nPGEv\nPg==')).not.toBeNull();
    expect(decodeBase64Strict('<a/>')).toBeNull();
    expect(decodeBase64Strict('abc')).not.toBeNull();
    expect(decodeBase64Strict('a')).toBeNull();
    expect(decodeBase64Strict('')).toBeNull();
  });

  it('normalizes NITs', () => {
    expect(normalizeNit(' 901019681-1 ')).toBe('901019681');
    expect(normalizeNit('901.019.681')).toBe('901019681');
  });
});
