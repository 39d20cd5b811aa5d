#!/usr/bin/env node
// Launcher of the radica-fevrips CLI: registers tsx (installed at the repository root) and runs src/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = main(process.argv.slice(2));
