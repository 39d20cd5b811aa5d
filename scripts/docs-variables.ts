/**
 * Writes the variables section of docs/operations.md from apps/api/src/config.ts and its Spanish descriptions
 * (apps/api/src/config-docs.ts), between the guide's `variables:inicio` and `variables:fin` markers.
 * apps/api/test/operations-doc.test.ts fails while the guide differs from what this writes.
 *
 *   npx tsx scripts/docs-variables.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { replaceVariablesSection } from '../apps/api/src/config-docs.ts';

const file = resolve(import.meta.dirname, '../docs/operations.md');
writeFileSync(file, replaceVariablesSection(readFileSync(file, 'utf8')));
console.log(`docs/operations.md: variables actualizadas`);
