#!/usr/bin/env node
// Launcher of the radica-fevrips CLI: registers tsx (installed at the repository root) and runs src/cli.ts, or
// src/cli-sheet.ts for the spreadsheet commands (to-sheet, from-sheet).
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
if (argv[0] === 'to-sheet' || argv[0] === 'from-sheet') {
  const { mainSheet } = await import('../src/cli-sheet.ts');
  process.exitCode = await mainSheet(argv);
} else {
  const { main } = await import('../src/cli.ts');
  process.exitCode = main(argv);
}
