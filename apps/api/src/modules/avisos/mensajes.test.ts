import { describe, expect, it } from 'vitest';
import type { TPaqueteData } from '@radica/contracts/integraciones';
import { alertaMail } from './mensajes.ts';

/** Docs/decisions/049: a rejection alert gives the fix of the document's package type. */
describe('alertaMail', () => {
  const rechazada = (servicioCarga: string): TPaqueteData => ({
    id: 3,
    formato: 'NC3',
    tipoDocumento: 'NC',
    estado: 'NO_APROBADO',
    canal: 'plataforma',
    servicioCarga,
    hallazgos: [],
    envio: { exitoso: false, mensaje: 'El Ministerio rechazó el documento' },
    resultado: {
      cuv: null,
      fechaRadicacion: null,
      procesoId: null,
      errores: [
        {
          id: 1,
          clase: 'RECHAZADO',
          codigo: 'RVC086',
          descripcion: 'Se puede validar que el código de diagnóstico relacionado no sea igual al código de diagnóstico principal.',
          observaciones: 'Codigo de diagnóstico repetido',
          fuente: 'Rips',
          pathFuente: 'usuarios[0].servicios.procedimientos[0].codDiagnosticoRelacionado',
        },
      ],
      notificaciones: [],
    },
  });

  it("a credit note's RVC086 is explained with the note's fix", () => {
    expect(alertaMail(rechazada('CargarNC'), 'https://radica.test/ministerio/3').text).toContain('en el RIPS de la nota, y vuelve a cargarlo');
    expect(alertaMail(rechazada('CargarFevRips'), 'https://radica.test/ministerio/3').text).not.toContain('RIPS de la nota');
  });
});
