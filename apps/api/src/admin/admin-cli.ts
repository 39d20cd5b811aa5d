import { parseArgs } from 'node:util';
import { MESES_PLAN } from '@radica/contracts/plans';
import { MODULOS } from '@radica/contracts/products';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { grantModules } from '../modules/products/service.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { AppError } from '../lib/errors.ts';
import { bogotaFecha } from '@radica/contracts/bogota';
import { explainOpenFailure, findLocalApi, operatorGet, operatorPost, readOperatorSecret } from './operator-client.ts';
import { isMain } from '../lib/entry.ts';

const USAGE = [
  'Uso:',
  `  npm run admin -- grant CORREO MODULO… [--plan business] [--meses N]   registra la compra manual de módulos (${MODULOS.join(', ')}) por N meses (${MESES_PLAN} si no se indica)`,
  '  npm run admin -- mail CORREO            muestra los correos del buzón local (sin SMTP_URL) para CORREO',
].join('\n');

/** `--plan` and `--meses` (node's parseArgs, strict); null on an unknown option or one without its value. */
function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { plan: { type: 'string' }, meses: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch {
    return null;
  }
}

/**
 * `npm run admin -- COMMAND …`, the operator's commands. Each goes through the running server when one answers on
 * PORT, or on the port the owner of DATA_DIR's embedded database recorded (PGlite has one owner process; the call
 * carries the operator secret of DATA_DIR), and opens the database itself when none runs (PostgreSQL with
 * DATABASE_URL, or the embedded one if free; held by a server it cannot reach, it says to pass that server's PORT).
 * - `grant EMAIL MODULE… [--plan business] [--meses N]`: records a manual purchase (bank
 *   transfer) of the modules for the tenant of the user EMAIL, running N months (default 12, the plans' term);
 *   `--plan business` records the quoted Business plan (its alerts and seats read it).
 * - `mail EMAIL`: prints the local outbox's messages to EMAIL, newest first (verification and reset codes
 *   of a zero-setup install; no web route shows them to anyone else).
 * Exit code 0 on success, 1 on an error, 2 on wrong usage.
 */
export async function runAdmin(argv: string[], config: TConfig = loadConfig()): Promise<number> {
  const comando = `npm run admin -- ${argv.join(' ')}`;
  const args = parseOptions(argv);
  const plan = args?.values.plan ?? 'profesional';
  const meses = args?.values.meses === undefined ? MESES_PLAN : Number(args.values.meses);
  if (!args || (plan !== 'profesional' && plan !== 'business') || !Number.isInteger(meses) || meses < 1 || meses > 120) {
    console.error(USAGE);
    return 2;
  }
  const [command, email, ...modulos] = args.positionals;
  if (command === 'mail' && email && modulos.length === 0) return printOutbox(config, email, comando);
  if (command !== 'grant' || !email || modulos.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const base = await findLocalApi(config);
  if (base) {
    const secret = operatorSecretOrSay(config);
    if (!secret) return 1;
    const res = await operatorPost(base, secret, '/api/admin/grant', { email, modulos, plan, meses });
    if (res.status !== 200) {
      console.error(res.body.message ?? `Error HTTP ${res.status}`);
      return 1;
    }
    console.log(res.body.message);
    return 0;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    console.error(explainOpenFailure(err, config, comando));
    return 1;
  }
  try {
    const data = await grantModules({ db: database.db }, { email, modulos, plan, meses, registradoPor: 'npm run admin (directo)' });
    console.log(`${MSG_MINISTERIO.moduloOtorgado(data.email, data.modulos, data.vigenteHasta && bogotaFecha(new Date(data.vigenteHasta)))} (venta ${data.numeroVenta})`);
    return 0;
  } catch (err) {
    console.error(err instanceof AppError ? err.message : String((err as Error).message ?? err));
    return 1;
  } finally {
    await database.close();
  }
}

/** The operator secret of DATA_DIR, or null after saying on stderr that it is missing. */
function operatorSecretOrSay(config: TConfig): string | null {
  const secret = readOperatorSecret(config);
  if (!secret) console.error(`No se encontró el secreto de operador en ${config.dataDir}. ¿El servidor usa otro DATA_DIR?`);
  return secret;
}

type TOutboxMail = { to: string; subject: string; text: string; sentAt: string };

/** `admin mail EMAIL`: the outbox through the running server, or read from the database when none runs. */
async function printOutbox(config: TConfig, email: string, comando: string): Promise<number> {
  if (config.smtpUrl) {
    console.error('El correo sale por SMTP_URL: no hay buzón local. Revisa el buzón del destinatario.');
    return 1;
  }
  let mails: TOutboxMail[];
  const base = await findLocalApi(config);
  if (base) {
    const secret = operatorSecretOrSay(config);
    if (!secret) return 1;
    const res = await operatorGet(base, secret, `/api/dev/mail?to=${encodeURIComponent(email)}`);
    if (res.status !== 200) {
      console.error(res.body.message ?? `Error HTTP ${res.status}`);
      return 1;
    }
    mails = res.body.data as TOutboxMail[];
  } else {
    let database;
    try {
      database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    } catch (err) {
      console.error(explainOpenFailure(err, config, comando));
      return 1;
    }
    try {
      mails = await createMailer({ smtpUrl: null, from: config.mailFrom, db: database.db }).listOutbox(email);
    } finally {
      await database.close();
    }
  }
  if (mails.length === 0) {
    console.log(`No hay correos para ${email} en el buzón local.`);
    return 0;
  }
  for (const m of mails) console.log(`── ${m.sentAt}  ${m.subject}\n${m.text.trim()}\n`);
  return 0;
}

if (isMain(import.meta.url)) {
  process.exitCode = await runAdmin(process.argv.slice(2));
}
