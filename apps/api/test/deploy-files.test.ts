import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { DOCUMENTED_AHEAD } from '../src/config-docs.ts';

/**
 * The container files: Docker cannot run here, so this reads Dockerfile and compose.yaml as Docker
 * would and checks them against the code: every command they run is a package.json script, every variable they give
 * Radica exists in config.ts, every role the README names runs in compose, the image runs compiled output only.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (f: string) => readFileSync(resolve(ROOT, f), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** Variables that are not Radica's configuration: Node's own. */
const NODE_VARIABLES = new Set(['NODE_OPTIONS']);
/** config.ts's variables, and those of documented ahead of it (config-docs.ts). */
const KNOWN = new Set<string>([...CONFIG_VARIABLES, ...DOCUMENTED_AHEAD]);
/** The process roles' scripts: compose and the image run them; a test below fails when one is missing. */
const ROLE_SCRIPTS = ['start:api', 'start:worker', 'start:ingest', 'migrate'];

/** `npm run NAME` (options allowed) → NAME; `node FILE` → the script whose command it is; else null. */
function scriptOf(argv: string[]): string | null {
  if (argv[0] === 'npm' && argv[1] === 'run') return argv.slice(2).find((a) => !a.startsWith('-')) ?? null;
  if (argv[0] === 'npm' && argv[1] === 'start') return 'start';
  const command = argv.join(' ');
  return Object.entries(scripts).find(([, c]) => c === command)?.[0] ?? null;
}

type TService = {
  image?: string;
  restart?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
};
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, TService>; volumes: Record<string, unknown> };
const radicaServices = Object.entries(compose.services).filter(([, s]) => s.image === 'radica:latest');

/** Dockerfile instructions of the last stage (the image that runs), joined over line continuations. */
const dockerfile = read('Dockerfile').replace(/\\\n/g, ' ');
const stages = dockerfile.split(/^FROM /m).slice(1);
const runtime = stages[stages.length - 1]!;
const instruction = (name: string, text = runtime) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name} `))
    .map((l) => l.slice(name.length + 1).trim());
const execForm = (text: string) => JSON.parse(text.replace(/^.*?(\[.*\])\s*$/, '$1')) as string[];

describe('compose.yaml', () => {
  it('has every role script in package.json (none removed)', () => {
    for (const s of ROLE_SCRIPTS) expect(scripts[s], `npm script ${s}`).toMatch(/^node scripts\/start\.mjs /);
  });

  it('runs each Radica service with a package.json script and checks its health with one', () => {
    expect(radicaServices.length).toBeGreaterThanOrEqual(4);
    for (const [name, s] of radicaServices) {
      const script = scriptOf(s.command ?? []);
      expect(script, `${name}: ${s.command?.join(' ')}`).not.toBeNull();
      expect(scripts[script!], `${name}: npm script ${script}`).toBeDefined();
      if (s.healthcheck?.disable) continue;
      const test = s.healthcheck!.test!;
      expect(test[0]).toBe('CMD');
      expect(scripts[scriptOf(test.slice(1))!], `${name} health check`).toBeDefined();
    }
  });

  it('gives Radica only variables config.ts knows', () => {
    for (const [name, s] of radicaServices)
      for (const variable of Object.keys(s.environment ?? {}))
        expect(KNOWN.has(variable) || NODE_VARIABLES.has(variable), `${name}: ${variable}`).toBe(true);
    for (const line of read('.env.example').split('\n')) {
      const m = /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line);
      if (m && m[1] !== 'POSTGRES_PASSWORD') expect(KNOWN.has(m[1]!), `.env.example: ${m[1]}`).toBe(true);
    }
  });

  it('has PostgreSQL, a one-shot migrate the others wait for, two api replicas, a worker, an ingest, volumes', () => {
    const byScript = new Map(radicaServices.map(([name, s]) => [scriptOf(s.command ?? []), { name, ...s }]));
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.postgres?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(compose.services.postgres?.volumes?.some((v) => v.startsWith('pgdata:'))).toBe(true);
    const migrate = byScript.get('migrate')!;
    expect(migrate.restart).toBe('no');
    expect(byScript.get('start:api')?.deploy?.replicas).toBe(2);
    for (const role of ['start:api', 'start:worker', 'start:ingest']) {
      const s = byScript.get(role)!;
      expect(s, role).toBeDefined();
      expect(s.depends_on?.[migrate.name]?.condition, role).toBe('service_completed_successfully');
      expect(s.environment?.DATABASE_URL, role).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(s.environment?.NODE_ENV, role).toBe('production');
    }
    expect(byScript.get('start:worker')?.volumes?.some((v) => v.startsWith('backups:'))).toBe(true);
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'backups']));
  });

  it('runs every role the README names', () => {
    const readme = read('README.md');
    const named = new Set([...readme.matchAll(/npm run (start:[a-z]+|migrate)\b/g)].map((m) => m[1]!));
    expect([...named].sort()).toEqual(['migrate', 'start:api', 'start:ingest', 'start:worker']);
    const run = new Set(radicaServices.map(([, s]) => scriptOf(s.command ?? [])));
    for (const role of named) expect(run.has(role), role).toBe(true);
  });
});

describe('Dockerfile', () => {
  it('builds in one stage, installs production dependencies only in another, runs as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(stages.some((s) => instruction('RUN', s).some((r) => r.includes('npm run build')))).toBe(true);
    expect(stages.some((s) => instruction('RUN', s).some((r) => /npm ci .*--omit=dev/.test(r)))).toBe(true);
    // ssh2's native crypto binding is compiled for the production dependencies (SFTP throughput), not left out by
    // --ignore-scripts.
    expect(stages.some((s) => instruction('RUN', s).some((r) => /--omit=dev/.test(r) && /npm rebuild ssh2/.test(r)))).toBe(true);
    expect(instruction('USER')).toEqual(['node']);
    // Compiled output and production node_modules only: no sources but data files, no compiler in the image.
    for (const copy of instruction('COPY')) {
      expect(copy).not.toMatch(/^\. /);
      expect(copy).not.toMatch(/\/src( |\/[^ ]*\.ts)/);
    }
    expect(instruction('COPY').some((c) => c.includes('/app/apps/api/dist'))).toBe(true);
    expect(instruction('COPY').some((c) => c.includes('/app/apps/web/dist'))).toBe(true);
  });

  it('runs package.json scripts: the command and the HEALTHCHECK on /health/ready', () => {
    const cmd = execForm(instruction('CMD')[0]!);
    expect(scripts[scriptOf(cmd)!]).toBeDefined();
    const health = instruction('HEALTHCHECK')[0]!;
    const healthArgv = execForm(health.slice(health.indexOf('CMD ') + 4));
    const healthScript = scriptOf(healthArgv)!;
    expect(scripts[healthScript]).toBeDefined();
    expect(read(scripts[healthScript]!.split(' ')[1]!)).toContain('/health/ready');
  });

  it('sets only variables config.ts knows (and Node’s own)', () => {
    const env = instruction('ENV').join(' ');
    const names = [...env.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]!);
    expect(names).toContain('NODE_ENV');
    for (const n of names) expect(KNOWN.has(n) || NODE_VARIABLES.has(n), n).toBe(true);
  });
});
