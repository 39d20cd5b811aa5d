import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { MSG_AVISOS } from './messages-avisos.ts';
import { MSG_BACKUPS } from './messages-backups.ts';
import { MSG_CHAT } from './messages-chat.ts';
import { MSG_CORREO } from './messages-correo.ts';
import { MSG_CUENTAS } from './messages-cuentas.ts';
import { MSG_INTEGRACIONES } from './messages-integraciones.ts';
import { MSG_MINISTERIO } from './messages-ministerio.ts';
import { MSG_NOTAS } from './messages-notas.ts';
import { MSG_PAGOS } from './messages-pagos.ts';
import { MSG_RIPS } from './messages-rips.ts';
import { MSG_SFTP } from './messages-sftp.ts';
import { MSG_USUARIOS } from './messages-usuarios.ts';
import { REGLAS } from './reglas.ts';

/**
 * Issue 26: the interface mixed "tú" and "usted" ('¿Desea enviar…?', 'Revise…' under "Cómo corregirlo"). Radica's own
 * texts say "tú"; only the seeds' verbatim texts keep their "usted" (seed 000 §8's HTTP messages and the few others
 * listed here).
 */
const SEED_VERBATIM = new Set([
  MSG.http401,
  MSG.http408,
  MSG.http429,
  MSG.http500,
  MSG.http5xx,
  MSG.httpOther('X' as never),
  MSG.networkFailure,
  MSG.codeSent,
  MSG.loginNetworkError,
  MSG.configSaveError,
  MSG_MINISTERIO.documentoAnuladoSinArchivos,
]);

/** Verb forms and pronouns that address the reader as "usted". */
const USTED = new RegExp(
  '(?<!\\p{L})(' +
    [
      'usted', 'ustedes', 'Desea', 'desea', 'Revise', 'revise', 'Verifique', 'verifique', 'Intente', 'intente', 'Inténtelo', 'Espere',
      'Ingrese', 'Seleccione', 'Inicie', 'Envíe', 'Adjunte', 'Cargue', 'Descargue', 'descargue', 'Corrija', 'corrija', 'Escriba',
      'escriba', 'escríbalos', 'defina', 'Defina', 'actualice', 'Actualice', 'contáctese', 'Asegúrese', 'Configure', 'configure',
      'compárelo', 'úselo', 'Podrá', 'Tendrá', 'Si continúa', 'en su cuenta', 'de su empresa', 'su conexión', 'su correo',
    ].join('|') +
    ')(?!\\p{L})',
  'u',
);

/** Every text of a catalogue: strings as they are, functions called with sample arguments. */
function textsOf(catalogue: Record<string, unknown>): string[] {
  return Object.values(catalogue).flatMap((value): string[] => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') {
      try {
        const out: unknown = value('X', 'Y', 'Z');
        return typeof out === 'string' ? [out] : [];
      } catch {
        return [];
      }
    }
    if (value && typeof value === 'object') return textsOf(value as Record<string, unknown>);
    return [];
  });
}

describe('tú throughout (issue 26)', () => {
  it("Radica's messages address the user as tú", () => {
    const catalogues = [MSG, MSG_AVISOS, MSG_BACKUPS, MSG_CHAT, MSG_CORREO, MSG_CUENTAS, MSG_INTEGRACIONES, MSG_MINISTERIO, MSG_NOTAS, MSG_PAGOS, MSG_RIPS, MSG_SFTP, MSG_USUARIOS];
    const usted = catalogues.flatMap((c) => textsOf(c as Record<string, unknown>)).filter((t) => !SEED_VERBATIM.has(t) && USTED.test(t));
    expect(usted).toEqual([]);
  });

  it("the rule catalogue's meaning and fix (shown under 'Cómo corregirlo') address the user as tú", () => {
    const usted = REGLAS.flatMap((r) => [r.significado, r.comoCorregir].filter((t) => USTED.test(t)).map((t) => `${r.codigo}: ${t}`));
    expect(usted).toEqual([]);
  });
});
