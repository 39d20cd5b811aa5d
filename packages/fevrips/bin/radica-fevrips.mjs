#!/usr/bin/env node
// Launcher of the radica-fevrips CLI (docs/decisions/032-compiled-build.md). Runs the compiled, self-contained
// dist/radica-fevrips.js (made by `npm install`'s prepare step and by `npm run build`) when its stamp still matches
// every source it was built from; otherwise (sources edited since, or never built) the TypeScript sources through
// tsx, which is slower to start but always current — when tsx is installed.
import { readFileSync, statSync } from 'node:fs';

const ROOT = new URL('../../../', import.meta.url);

function compiledIsCurrent() {
  try {
    const stamp = JSON.parse(readFileSync(new URL('../dist/.radica-build.json', import.meta.url), 'utf8'));
    for (const [file, signature] of Object.entries(stamp.inputs)) {
      let s;
      try {
        s = statSync(new URL(file, ROOT));
      } catch {
        continue; // installed without that source: the bundle is all there is
      }
      if (`${Math.round(s.mtimeMs)}:${s.size}` !== signature) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** tsx, when this install has it: a production install (the image, `npm ci --omit=dev`) does not. */
async function tsx() {
  try {
    return await import('tsx/esm/api');
  } catch {
    return null;
  }
}

// Without tsx the bundle is all there is, even when a copy without modification times (`cp` without -a) makes the
// stamp look stale: running it beats failing to find a development tool.
const dev = compiledIsCurrent() ? null : await tsx();
if (dev) {
  dev.register();
  await import('../src/cli-entry.ts');
} else {
  await import('../dist/radica-fevrips.js');
}
