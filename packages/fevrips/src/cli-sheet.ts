import { readFileSync } from 'node:fs';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { FevRipsError } from './errors.ts';
import { isRipsSchemaVersion, type TRipsSchemaVersion } from './schema.ts';
import { decodeUtf8, isRecord } from './shared.ts';
import { ripsFromSheet } from './sheet.ts';
import { SheetFileError, readSheetFile, ripsToCsv, ripsToXlsx, sheetKindOf } from './sheet-io.ts';
import { parseFevXml, type TFevXml } from './xml.ts';

/** Texts of the sheet commands (es-CO). */
const USO = [
  'Uso: radica-fevrips to-sheet RIPS.json [--csv] [--version V] > rips.xlsx   (o rips.csv con --csv)',
  '     radica-fevrips from-sheet rips.xlsx|rips.csv [--xml FACTURA.xml] [--version V] > rips.json',
  'from-sheet sale con 1 y escribe los errores (fila, columna) si la hoja tiene alguno; no escribe un RIPS a medias.',
].join('\n');

type TWrite = (text: string) => void;
type TWriteBytes = (bytes: Uint8Array) => void;

/**
 * `radica-fevrips to-sheet` and `from-sheet`: a RIPS JSON to an XLSX (or CSV)
 * on standard output, and a spreadsheet back to the RIPS JSON the ministry expects (UTF-8 without BOM, the structure's
 * keys in order, two-space indentation). `--xml` gives the invoice: it fills empty invoice columns and decides the
 * structure by its date. Returns the exit code: 0 done; 1 the sheet has errors (printed per row and column on
 * standard error, nothing on standard output) or a file cannot be read; 2 wrong usage. Never throws.
 */
export async function mainSheet(
  argv: string[],
  out: TWriteBytes = (b) => process.stdout.write(b),
  err: TWrite = (t) => process.stderr.write(t),
): Promise<number> {
  try {
    return await run(argv, out, err);
  } catch (e) {
    err(`${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof SheetFileError || e instanceof FevRipsError ? 1 : 2;
  }
}

async function run(argv: string[], out: TWriteBytes, err: TWrite): Promise<number> {
  const [command, ...rest] = argv;
  const paths: string[] = [];
  let csv = false;
  let xmlPath: string | null = null;
  let version: TRipsSchemaVersion | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (arg === '--csv') csv = true;
    else if (arg === '--xml') xmlPath = rest[++i] ?? '';
    else if (arg === '--version') {
      const v = rest[++i] ?? '';
      if (!isRipsSchemaVersion(v)) return usage(err);
      version = v;
    } else if (arg.startsWith('--')) return usage(err);
    else paths.push(arg);
  }
  if (paths.length !== 1) return usage(err);
  const path = paths[0] as string;
  const xml: TFevXml | null = xmlPath ? parseFevXml(readFileSync(xmlPath)) : null;

  if (command === 'to-sheet') {
    let rips: unknown;
    try {
      rips = JSON.parse(decodeUtf8(readFileSync(path)));
    } catch (e) {
      throw new FevRipsError('JSON_INVALID', undefined, { cause: e });
    }
    if (!isRecord(rips)) throw new FevRipsError('JSON_INVALID');
    const options = { version, xml };
    const written = csv ? ripsToCsv(rips, options) : await ripsToXlsx(rips, options);
    for (const p of written.table.omitidos) err(`${MSG_RIPS.hojaNoRepresentable(p)}\n`);
    out('csv' in written ? new TextEncoder().encode(written.csv) : written.bytes);
    return 0;
  }
  if (command === 'from-sheet') {
    const kind = sheetKindOf(path);
    if (!kind) {
      err(`${MSG_RIPS.hojaExtension}\n`);
      return 2;
    }
    const result = ripsFromSheet(await readSheetFile(readFileSync(path), kind), { xml, version });
    if (!result.ok) {
      for (const e of result.errores) err(`${MSG_RIPS.hojaFila(e.fila, e.columna, e.mensaje)}\n`);
      if (result.totalErrores > result.errores.length) err(`${MSG_RIPS.hojaMasErrores(result.totalErrores - result.errores.length)}\n`);
      return 1;
    }
    out(new TextEncoder().encode(`${JSON.stringify(result.rips, null, 2)}\n`));
    return 0;
  }
  return usage(err);
}

function usage(err: TWrite): number {
  err(`${USO}\n`);
  return 2;
}
