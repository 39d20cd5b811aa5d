import { MSG } from '@radica/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ESTADOS } from '@radica/contracts/enums';
import { estadoGroup, estadoLabel, isRejectedEstado, isSendBlockedEstado, noErrorsText } from './estado';
import { documentValue } from './display';

describe('estado (seed 001 §4)', () => {
  it('labels the statuses', () => {
    expect(estadoLabel('APROBADO')).toBe('Aprobado');
    expect(estadoLabel('PENDIENTE_RIPS')).toBe('Pendiente JSON');
    expect(estadoLabel('PENDIENTE_XML')).toBe('Pendiente XML');
    expect(estadoLabel('NO_APROBADO')).toBe('No aprobado');
    expect(estadoLabel('ANULADO')).toBe('Anulado');
    expect(estadoLabel('Error de red')).toBe('No aprobado');
    expect(estadoLabel('OTRO')).toBe('OTRO');
  });
  it('groups rejected and error statuses', () => {
    expect(['RECHAZADO', 'ERROR', 'NO_APROBADO', 'rechazado_parcial'].map(estadoGroup)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(isRejectedEstado('ERROR')).toBe(true);
    expect(isRejectedEstado('PROCESADO')).toBe(false);
  });
  it('blocks sending an approved, cancelled or in-flight document', () => {
    expect(['APROBADO', 'ANULADO', 'ENPROCESO'].every(isSendBlockedEstado)).toBe(true);
    expect(['PROCESADO', 'EN_ESPERA', 'NO_APROBADO', 'ERROR'].some(isSendBlockedEstado)).toBe(false);
  });
});

describe('documentValue (seed 001 §2; the value of a document not sent yet)', () => {
  it("shows the invoice's value of a document ready to send, and '—' without one; never 'N/A'", () => {
    expect(documentValue({ totalFactura: 150000 }).replace(/\s/g, ' ')).toMatch(/^\$ ?150\.000$/);
    expect(documentValue({ totalFactura: 0 })).toBe('—');
  });
  it('shows COP without decimals', () => {
    const text = documentValue({ totalFactura: 1250000.4 });
    expect(text.replace(/\s/g, ' ')).toMatch(/^\$ ?1\.250\.000$/);
  });
});

describe('display groups (seed 001 §4 "Labels")', () => {
  it('labels a known status with the one set of labels the detail and the timeline use', async () => {
    const { estadoGroupLabel, isRowSendable, isErrorEstado } = await import('./estado');
    expect(
      [
        'EN_ESPERA',
        'APROBADO',
        'NO_APROBADO',
        'ANULADO',
        'PROCESADO',
        'PENDIENTE_XML',
        'BORRADOR',
        'ENPROCESO',
        'N/A',
      ].map(estadoGroupLabel),
    ).toEqual([
      'Listo para envío',
      'Aprobado',
      'No aprobado',
      'Anulado',
      'Listo para envío',
      'Pendiente XML',
      'Borrador',
      'Enviándose',
      'En espera',
    ]);
    // The list's label is the detail's badge label for every status Radica knows (never 'Parcial' beside 'Pendiente XML').
    for (const e of ESTADOS) expect(estadoGroupLabel(e)).toBe(estadoLabel(e));
    expect(estadoLabel('ERROR')).toBe('Error de envío');
    expect(estadoGroupLabel('algo raro')).toBe('Desconocido');
    expect(isErrorEstado('ERROR')).toBe(true);
    expect(['EN_ESPERA', 'PROCESADO', 'ENPROCESO'].every(isRowSendable)).toBe(true);
    expect(['APROBADO', 'ANULADO', 'NO_APROBADO', 'PENDIENTE_RIPS'].some(isRowSendable)).toBe(false);
  });
});

describe('noErrorsText', () => {
  it('says the ministry did not answer, and when, for a document in ERROR; the seed text otherwise', () => {
    const error = noErrorsText({ estado: 'ERROR', fechaModificacion: '2026-11-20T19:02:00.000Z' });
    expect(error).toContain('El Ministerio no respondió al último envío');
    expect(error).toContain('14:02');
    expect(noErrorsText({ estado: 'NO_APROBADO', fechaModificacion: '2026-11-20T19:02:00.000Z' })).toBe(
      MSG.hallazgosNoErrors,
    );
  });
});
