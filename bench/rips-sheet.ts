/**
 * Spreadsheets of the RIPS module: a RIPS of 20,000 services (2,000 users × 10 services, built from
 * the template's synthetic example) exported to XLSX and CSV, then imported back (read + rebuilt + the engine's
 * structure check), as the API and the CLI do. Targets: import < 10 s, export < 3 s. Ratio: the import against a
 * plain JSON.parse of the same RIPS (the floor of any import).
 */
import { ripsFromSheet } from '../packages/fevrips/src/sheet.ts';
import { EXAMPLE_RIPS, readSheetFile, ripsToCsv, ripsToXlsx } from '../packages/fevrips/src/sheet-io.ts';

/** A RIPS of `users` users with 10 services each (consultas, procedimientos and medicamentos from the example). */
export function bigRips(users: number): Record<string, unknown> {
  type TUser = Record<string, unknown> & { servicios: Record<string, Record<string, unknown>[]> };
  const [u1, u2] = EXAMPLE_RIPS['usuarios'] as TUser[];
  const consulta = u1!.servicios['consultas']![0]!;
  const medicamento = u1!.servicios['medicamentos']![0]!;
  const procedimiento = u2!.servicios['procedimientos']![0]!;
  const usuarios = [];
  for (let i = 0; i < users; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const list = (base: Record<string, unknown>, n: number, dateKey: string) =>
      Array.from({ length: n }, (_, j) => ({ ...base, [dateKey]: `2025-06-${day} ${String(7 + j).padStart(2, '0')}:15`, consecutivo: j + 1 }));
    usuarios.push({
      ...u1,
      numDocumentoIdentificacion: String(1_000_000_000 + i),
      consecutivo: i + 1,
      servicios: {
        consultas: list(consulta, 4, 'fechaInicioAtencion'),
        procedimientos: list(procedimiento, 3, 'fechaInicioAtencion'),
        medicamentos: list(medicamento, 3, 'fechaDispensAdmon'),
      },
    });
  }
  return { ...EXAMPLE_RIPS, usuarios };
}

if (process.argv[1]?.endsWith("rips-sheet.ts")) await runBench();
async function runBench() {
const rips = bigRips(2_000);
const json = JSON.stringify(rips);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Wall and CPU time of `f` (the CPU figure is what the code costs when other processes share the cores). */
const time = async <T>(f: () => Promise<T> | T): Promise<[T, string, number]> => {
  const t0 = performance.now();
  const c0 = cpuMs();
  const r = await f();
  const wall = performance.now() - t0;
  return [r, `${wall.toFixed(0)} ms (CPU ${(cpuMs() - c0).toFixed(0)} ms)`, wall];
};

const [xlsx, tXlsx] = await time(() => ripsToXlsx(rips));
const [csv, tCsv] = await time(() => ripsToCsv(rips));
const [fromXlsx, tInXlsx, wallInXlsx] = await time(async () => ripsFromSheet(await readSheetFile(xlsx.bytes, 'xlsx')));
const [fromCsv, tInCsv] = await time(async () => ripsFromSheet(await readSheetFile(Buffer.from(csv.csv), 'csv')));
const [, , wallParse] = await time(() => JSON.parse(json));
if (!fromXlsx.ok || !fromCsv.ok) throw new Error('the import failed');
console.log(`RIPS of 20,000 services (${(json.length / 1_048_576).toFixed(1)} MB JSON; Node ${process.version}; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}):`);
console.log(`  export XLSX ${tXlsx} (${(xlsx.bytes.length / 1_048_576).toFixed(1)} MB), CSV ${tCsv} (${(csv.csv.length / 1_048_576).toFixed(1)} MB); target < 3000 ms`);
console.log(`  import XLSX ${tInXlsx}, CSV ${tInCsv}; target < 10000 ms`);
console.log(`  ratio import XLSX / JSON.parse of the same RIPS: ${(wallInXlsx / wallParse).toFixed(0)}× (${wallParse.toFixed(0)} ms)`);
}
