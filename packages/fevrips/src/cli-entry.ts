/**
 * The `radica-fevrips` command (bin/radica-fevrips.mjs, the compiled bundle): `to-sheet` and `from-sheet` run the
 * spreadsheet CLI (cli-sheet.ts, loaded only for them: exceljs and csv are large), `nota` the note builder (cli-nota.ts),
 * everything else the check CLI (cli.ts). Sets the process exit code.
 */
import { main } from './cli.ts';

const argv = process.argv.slice(2);
if (argv[0] === 'to-sheet' || argv[0] === 'from-sheet') {
  const { mainSheet } = await import('./cli-sheet.ts');
  process.exitCode = await mainSheet(argv);
} else if (argv[0] === 'nota') {
  const { mainNota } = await import('./cli-nota.ts');
  process.exitCode = mainNota(argv.slice(1));
} else {
  process.exitCode = main(argv);
}
