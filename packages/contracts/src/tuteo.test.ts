import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { MSG_AVISOS } from './messages-avisos.ts';
import { MSG_BACKUPS } from './messages-backups.ts';
import { MSG_CHAT } from './messages-chat.ts';
import { MSG_CORREO } from './messages-correo.ts';
import { MSG_CONTACTO } from './messages-contacto.ts';
import { MSG_CUENTAS } from './messages-cuentas.ts';
import { MSG_INTEGRACIONES } from './messages-integraciones.ts';
import { MSG_LEGAL, PRIVACIDAD, TERMINOS } from './messages-legal.ts';
import { MSG_MINISTERIO } from './messages-ministerio.ts';
import { MSG_NOTAS } from './messages-notas.ts';
import { MSG_MODULOS } from './messages-modulos.ts';
import { MSG_OPERADOR } from './messages-operador.ts';
import { MSG_PAGOS } from './messages-pagos.ts';
import { MSG_RIPS } from './messages-rips.ts';
import { MSG_SFTP } from './messages-sftp.ts';
import { MSG_USUARIOS } from './messages-usuarios.ts';
import { REGLAS } from './reglas.ts';

/**
 * The interface mixed "tú" and "usted" ('¿Desea enviar…?', 'Revise…' under "Cómo corregirlo"). Radica's own
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
      'usted',
      'ustedes',
      'Desea',
      'desea',
      'Revise',
      'revise',
      'Verifique',
      'verifique',
      'Intente',
      'intente',
      'Inténtelo',
      'Espere',
      'Ingrese',
      'Seleccione',
      'Inicie',
      'Envíe',
      'Adjunte',
      'Cargue',
      'Descargue',
      'descargue',
      'Corrija',
      'corrija',
      'Escriba',
      'escriba',
      'escríbalos',
      'defina',
      'Defina',
      'actualice',
      'Actualice',
      'contáctese',
      'Asegúrese',
      'Configure',
      'configure',
      'compárelo',
      'úselo',
      'Podrá',
      'Tendrá',
      'Si continúa',
      'en su cuenta',
      'de su empresa',
      'su conexión',
      'su correo',
      // 'Vaya al campo … y lee' went through the list above. Imperatives of "usted" that open a sentence (lower case they are
      // mostly subjunctives, 'para que incluya', which "tú" uses too), the ones with a pronoun, and possessives.
      'Vaya',
      'Haga',
      'Compruebe',
      'Consulte',
      'Tenga',
      'Elija',
      'Abra',
      'Pida',
      'Lea',
      'Indique',
      'Incluya',
      'Agregue',
      'Elimine',
      'Cambie',
      'Confirme',
      'Recuerde',
      'Vuelva',
      'Utilice',
      'Guarde',
      'Suba',
      'Copie',
      'Pegue',
      'Marque',
      'Busque',
      'Solicite',
      'Comuníquese',
      'comuníquese',
      'Diríjase',
      'diríjase',
      'Escríbanos',
      'escríbanos',
      'inténtelo',
      'Regístrese',
      'regístrese',
      'su contraseña',
      'le enviamos',
      'Le enviamos',
      'le recomendamos',
      'Le recomendamos',
      // …and the operator commands' and the spreadsheet import's, which also said "usted".
      'Instale',
      'instale',
      'Deténgalo',
      'Detenga',
      'detenga',
      'mueva',
      'use la',
      'use otro',
      'Reintente',
      'reintente',
      'déjela',
      'déjelo',
      'divida',
      'Guárdelo',
      'guárdelo',
      'guárdela',
      'Cárguelo',
      'cárguelo',
      'Elimínelo',
      'Reactívelo',
      'vacíe',
      'apunte',
      'cree una',
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

/** The non-test .ts/.tsx files under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('tú throughout', () => {
  it("Radica's messages address the user as tú", () => {
    const catalogues = [
      MSG,
      MSG_AVISOS,
      MSG_BACKUPS,
      MSG_CHAT,
      MSG_CONTACTO,
      MSG_CORREO,
      MSG_CUENTAS,
      MSG_INTEGRACIONES,
      MSG_LEGAL,
      MSG_MINISTERIO,
      MSG_NOTAS,
      MSG_MODULOS,
      MSG_OPERADOR,
      MSG_PAGOS,
      MSG_RIPS,
      MSG_SFTP,
      MSG_USUARIOS,
      TERMINOS,
      PRIVACIDAD,
    ];
    const usted = catalogues
      .flatMap((c) => textsOf(c as Record<string, unknown>))
      .filter((t) => !SEED_VERBATIM.has(t) && USTED.test(t));
    expect(usted).toEqual([]);
  });

  it("the rule catalogue's meaning and fix (shown under 'Cómo corregirlo') address the user as tú", () => {
    const usted = REGLAS.flatMap((r) =>
      [r.significado, r.comoCorregir].filter((t) => USTED.test(t)).map((t) => `${r.codigo}: ${t}`),
    );
    expect(usted).toEqual([]);
  });

  it('so does every Spanish text written in the web app and the API (screens, help articles, mails), not only the catalogues', () => {
    const root = join(import.meta.dirname, '../../..');
    const offenders = [join(root, 'apps/web/src'), join(root, 'apps/api/src')]
      .flatMap(sources)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(root, file)}:${i + 1}` }))
          // Comments are English and name the seeds' texts; only code lines carry what a user reads.
          .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && USTED.test(line))
          .filter(({ line }) => ![...SEED_VERBATIM].some((t) => line.includes(t)))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
