import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { basename, resolve } from 'node:path';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TRepsImportData } from '@radica/contracts/reps';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { OPERATOR_HEADER } from '../plugins/operator.ts';
import { importReps } from '../modules/reps/service.ts';
import { explainOpenFailure, findLocalApi, readOperatorSecret } from './operator-client.ts';
import { isMain } from '../lib/entry.ts';

const USAGE = [
  'Uso:',
  '  npm run reps:import -- ARCHIVO.csv   importa el archivo de prestadores del REPS (Ministerio de Salud)',
].join('\n');

/** Where the progress line goes (stderr), overwritten in place on a terminal. */
export type TProgressSink = { write: (line: string) => void };
const stderrSink: TProgressSink = {
  write: (line) => process.stderr.write(process.stderr.isTTY ? `\r${line}\u001b[K` : `${line}\n`),
};

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const fmt = (n: number) => Math.round(n).toLocaleString('es-CO');

/**
 * `npm run reps:import -- FILE.csv`: loads a REPS "Prestadores" file (the Ministry of Health's layout;
 * modules/reps/reps-file.ts). Like `npm run admin`, it streams the file to the running server when one answers on
 * PORT (POST /api/admin/reps/import with the operator secret of DATA_DIR: the embedded database has one owner
 * process), and otherwise opens the database itself (PostgreSQL with DATABASE_URL, else the embedded one) and runs
 * the same import. A progress line (rows, MB, rows/s) goes to stderr; the summary to stdout. Exit 0 on success,
 * 1 on an error (the Spanish message on stderr), 2 on wrong usage.
 */
export async function runRepsImport(argv: string[], config: TConfig = loadConfig(), progress: TProgressSink = stderrSink): Promise<number> {
  const [file, ...extra] = argv;
  if (!file || extra.length) {
    console.error(USAGE);
    return 2;
  }
  const path = resolve(file);
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new Error('no es un archivo');
    size = stat.size;
  } catch {
    console.error(`No se encontró el archivo ${path}.`);
    return 1;
  }
  const base = await findLocalApi(config);
  if (base) {
    const secret = readOperatorSecret(config);
    if (!secret) {
      console.error(`No se encontró el secreto de operador en ${config.dataDir}. ¿El servidor usa otro DATA_DIR?`);
      return 1;
    }
    let res: Awaited<ReturnType<typeof uploadRepsFile>>;
    try {
      res = await uploadRepsFile(base, secret, path, size, progress);
    } catch (err) {
      console.error(`No se pudo enviar el archivo al servidor (${base}): ${(err as Error).message}`);
      return 1;
    }
    if (res.status !== 200 || !res.body.data) {
      console.error(res.body.message ?? `Error HTTP ${res.status}`);
      return 1;
    }
    console.log(res.body.message ?? MSG_CUENTAS.repsImportado(res.body.data));
    return 0;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    console.error(explainOpenFailure(err, config, `npm run reps:import -- ${file}`));
    return 1;
  }
  try {
    const data = await importReps({ db: database.db }, createReadStream(path), {
      fuente: basename(path),
      origen: 'npm run reps:import (directo)',
      onWarning: (w) => console.error(w),
      onProgress: (p) => progress.write(`REPS: ${fmt(p.filas)} filas · ${mb(p.bytes)} de ${mb(size)} MB · ${fmt(p.filas / Math.max(p.elapsedMs / 1000, 0.001))} filas/s`),
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.log(MSG_CUENTAS.repsImportado(data));
    if (data.malformadas) console.log(MSG_CUENTAS.repsFilasMalformadas(data.malformadas));
    return 0;
  } catch (err) {
    console.error(err instanceof AppError ? err.message : String((err as Error).message ?? err));
    return 1;
  } finally {
    await database.close();
  }
}

/**
 * Stream the file at `path` (`size` bytes) to POST /api/admin/reps/import of the API at `baseUrl` with the operator
 * secret, reporting progress (MB sent, lines sent ≈ rows, lines/s). Resolves with the HTTP status and the envelope.
 */
export function uploadRepsFile(
  baseUrl: string,
  secret: string,
  path: string,
  size: number,
  progress: TProgressSink,
): Promise<{ status: number; body: { success?: boolean; message?: string; data?: TRepsImportData } }> {
  const started = performance.now();
  let sent = 0;
  let lines = 0;
  let last = 0;
  return new Promise((resolvePromise, reject) => {
    const url = new URL(`/api/admin/reps/import?archivo=${encodeURIComponent(basename(path))}`, baseUrl);
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'content-length': String(size), [OPERATOR_HEADER]: secret },
    });
    // Once the server has answered (it may refuse the file before reading all of it), a broken upload is no error.
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (process.stderr.isTTY) process.stderr.write('\n');
        let body = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          /* not JSON: the status says enough */
        }
        resolvePromise({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const file = createReadStream(path);
    file.on('data', (chunk) => {
      const bytes = chunk as Buffer;
      sent += bytes.length;
      for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
      const now = performance.now();
      if (now - last >= 1_000) {
        last = now;
        const rate = lines / Math.max((now - started) / 1000, 0.001);
        progress.write(`REPS: enviados ${mb(sent)} de ${mb(size)} MB · ~${fmt(lines)} filas · ${fmt(rate)} filas/s`);
      }
    });
    file.on('error', (err) => req.destroy(err));
    file.pipe(req);
  });
}

if (isMain(import.meta.url)) {
  process.exitCode = await runRepsImport(process.argv.slice(2));
}
