/** Runs every benchmark under bench/ in turn; each prints its own figures. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

for (const file of readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !['run-all.ts', 'synthetic-rips.ts'].includes(f)).sort()) {
  console.log(`\n# ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${import.meta.dirname}/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
