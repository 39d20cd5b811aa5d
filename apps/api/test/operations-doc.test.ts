import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { CONFIG_DOCS, DOCUMENTED_AHEAD, replaceVariablesSection } from '../src/config-docs.ts';

/** docs/operations.md: its variables are config.ts's, as scripts/docs-variables.ts writes them. */
const guide = readFileSync(resolve(import.meta.dirname, '../../../docs/operations.md'), 'utf8');
const documented = Object.keys(CONFIG_DOCS);
/** Variables the operator scripts (scripts/*.mjs, e.g. `npm run check:image`) read themselves: not Radica's settings. */
const scriptVariables = new Set(
  readdirSync(resolve(import.meta.dirname, '../../../scripts'))
    .filter((f) => f.endsWith('.mjs'))
    .flatMap((f) => [...readFileSync(resolve(import.meta.dirname, '../../../scripts', f), 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!)),
);

describe('docs/operations.md', () => {
  it('lists every variable of config.ts, with its default, exactly as generated (npx tsx scripts/docs-variables.ts)', () => {
    expect(guide).toBe(replaceVariablesSection(guide));
    for (const v of CONFIG_VARIABLES) expect(guide, v).toContain(`| \`${v}\` |`);
    for (const v of CONFIG_VARIABLES) expect(documented, v).toContain(v);
  });

  it('documents no variable config.ts does not read (but those of ahead of it), and names no other but the scripts\' own', () => {
    const known = new Set<string>([...CONFIG_VARIABLES, ...DOCUMENTED_AHEAD]);
    for (const v of documented) expect(known.has(v), v).toBe(true);
    const named = new Set([...guide.matchAll(/`([A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+)(?:=[^`]*)?`/g)].map((m) => m[1]!));
    for (const v of named) expect(known.has(v) || scriptVariables.has(v) || v === 'POSTGRES_PASSWORD', v).toBe(true);
  });

  it('has the sections an operator needs', () => {
    for (const title of ['Versión de Node', 'Procesos (roles)', 'Variables', 'Generar los secretos', 'Primer despliegue', 'Actualizaciones', 'Escalar', 'Copias de seguridad', 'Qué vigilar'])
      expect(guide).toMatch(new RegExp(`^## ${title.replace(/[()]/g, '\\$&')}`, 'm'));
  });
});
