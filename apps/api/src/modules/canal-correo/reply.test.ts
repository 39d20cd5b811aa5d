import { describe, expect, it } from 'vitest';
import type { THallazgo } from '@radica/contracts/documents';
import type { TPaqueteData } from '@radica/contracts/integraciones';
import { resultadoMail } from './reply.ts';

const hallazgo = (id: number, codigo: string, clase: string, u: number): THallazgo => ({
  id,
  codigo,
  clase,
  descripcion: `${codigo} descripción`,
  observaciones: 'Codigo de diagnóstico repetido',
  fuente: 'Rips',
  pathFuente: `usuarios[${u}].servicios.consultas[0].codDiagnosticoRelacionado1`,
});

/** A code repeated across users is one line with its count and places; the ministry's answer is not repeated. */
describe('resultadoMail groups the findings of a document', () => {
  it('one line per code, the ministry first, the local findings it already gave counted, not repeated', () => {
    const locales = [0, 1, 2, 3, 4, 5, 6].map((u) => hallazgo(u, 'RVC086', 'NOTIFICACION', u));
    const rechazo = { ...hallazgo(50, 'RVC001', 'RECHAZADO', 0), pathFuente: 'numDocumentoIdObligado', observaciones: 'Dato enviado [1]' };
    const documento: TPaqueteData = {
      id: 7,
      formato: 'FE1',
      tipoDocumento: 'FV',
      estado: 'NO_APROBADO',
      canal: 'correo',
      servicioCarga: 'CargarFevRips',
      hallazgos: [...locales, { ...rechazo, id: 51 }],
      envio: { exitoso: false, mensaje: 'El Ministerio rechazó el documento' },
      resultado: { cuv: null, fechaRadicacion: null, procesoId: null, errores: [rechazo], notificaciones: [] },
    };
    const mail = resultadoMail({ asunto: 'FE1', documentos: [documento], noRadicados: [], envioAutomatico: true, baseUrl: 'https://radica.test' });
    expect(mail.text.match(/^ {2}- RVC086/gm)).toHaveLength(1);
    expect(mail.text).toContain('RVC086 (7 veces): RVC086 descripción');
    expect(mail.text).toContain('usuarios[4].servicios.consultas[0].codDiagnosticoRelacionado1 — Codigo de diagnóstico repetido; y 2 más');
    expect(mail.text.match(/^ {2}- RVC001/gm)).toHaveLength(1);
    expect(mail.text.indexOf('Errores del Ministerio')).toBeLessThan(mail.text.indexOf('Hallazgos de la prevalidación'));
    expect(mail.text).toContain('1 hallazgo de la prevalidación coincide con la respuesta del Ministerio y no se repite aquí.');
    expect(mail.html.match(/RVC086 \(7 veces\)/g)).toHaveLength(1);
  });
});

/** Docs/decisions/049: the fix of a code whose class depends on the package type is the one of the document's type. */
describe("resultadoMail explains a credit note's rejection as a note's", () => {
  it("RVC086 on a credit note: the note's fix; on the invoice: the general one", () => {
    const rechazo = hallazgo(1, 'RVC086', 'RECHAZADO', 0);
    const nota: TPaqueteData = {
      id: 8,
      formato: 'NC1',
      tipoDocumento: 'NC',
      estado: 'NO_APROBADO',
      canal: 'correo',
      servicioCarga: 'CargarNC',
      hallazgos: [],
      envio: { exitoso: false, mensaje: 'El Ministerio rechazó el documento' },
      resultado: { cuv: null, fechaRadicacion: null, procesoId: null, errores: [rechazo], notificaciones: [] },
    };
    const correo = (d: TPaqueteData) =>
      resultadoMail({ asunto: d.formato, documentos: [d], noRadicados: [], envioAutomatico: true, baseUrl: 'https://radica.test' }).text;
    expect(correo(nota)).toContain('en el RIPS de la nota, y vuelve a cargarlo');
    expect(correo({ ...nota, servicioCarga: 'CargarFevRips', tipoDocumento: 'FV' })).not.toContain('RIPS de la nota');
  });
});
