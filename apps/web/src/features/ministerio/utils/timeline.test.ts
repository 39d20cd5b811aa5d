import { describe, expect, it } from 'vitest';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { buildTimeline } from './timeline';
import { estadoLabel } from './estado';

const states = (doc: Parameters<typeof buildTimeline>[0], sending = false) =>
  buildTimeline(doc, sending).steps.map((s) => s.state);
const labels = (doc: Parameters<typeof buildTimeline>[0], sending = false) =>
  buildTimeline(doc, sending).steps.map((s) => s.label);

describe('buildTimeline (seed 001 §2)', () => {
  it('starts at Creado for a new report', () => {
    expect(states(null)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(buildTimeline(null, false).progress).toBe(0);
  });
  it('waits for both files', () => {
    expect(states({ estado: 'PENDIENTE_RIPS', xml: true, json: false })).toEqual([
      'complete',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(buildTimeline({ estado: 'PENDIENTE_RIPS', xml: true, json: false }, false).progress).toBe(20);
  });
  it('is ready to send with both files', () => {
    expect(states({ estado: 'PROCESADO', xml: true, json: true })).toEqual([
      'complete',
      'complete',
      'complete',
      'current',
      'upcoming',
    ]);
    expect(buildTimeline({ estado: 'PROCESADO', xml: true, json: true }, false).progress).toBe(60);
  });
  it('ends in Aprobado', () => {
    const doc = { estado: 'APROBADO', xml: true, json: true };
    expect(labels(doc)[4]).toBe('Aprobado');
    expect(states(doc)).toEqual(['complete', 'complete', 'complete', 'complete', 'complete']);
    expect(buildTimeline(doc, false).progress).toBe(100);
  });
  it('ends in No aprobado or Error de envío, the badge labels', () => {
    expect(labels({ estado: 'NO_APROBADO', xml: true, json: true })[4]).toBe(estadoLabel('NO_APROBADO'));
    expect(states({ estado: 'NO_APROBADO', xml: true, json: true })[4]).toBe('failed');
    expect(labels({ estado: 'ERROR', xml: true, json: true })[4]).toBe(estadoLabel('ERROR'));
  });
  it("names 'Listo para envío' as the badge names a document with its files and no send yet", () => {
    const doc = { estado: 'EN_ESPERA', xml: true, json: true };
    expect(labels(doc)[2]).toBe(estadoLabel('EN_ESPERA'));
    expect(states(doc)[2]).toBe('complete');
    expect(labels(doc)[3]).toBe(estadoLabel('ENPROCESO'));
  });
  it('a RIPS without invoice is ready to send with its RIPS alone (it stayed at 20%)', () => {
    const rs = { estado: 'EN_ESPERA', xml: false, json: true, servicioCarga: 'CargarRipsSinFactura' };
    expect(states(rs)).toEqual(['complete', 'complete', 'complete', 'current', 'upcoming']);
    expect(buildTimeline(rs, false).progress).toBe(60);
    // An invoice's RIPS alone still waits for its XML.
    expect(buildTimeline({ estado: 'PENDIENTE_XML', xml: false, json: true, servicioCarga: 'CargarFevRips' }, false).progress).toBe(20);
  });
  it('shows Enviándose while sending, even a resend', () => {
    expect(states({ estado: 'NO_APROBADO', xml: true, json: true }, true)).toEqual([
      'complete',
      'complete',
      'complete',
      'current',
      'upcoming',
    ]);
    expect(labels({ estado: 'ENPROCESO', xml: true, json: true })[4]).toBe(MSG_MINISTERIO.timelineRespuesta);
  });
});
