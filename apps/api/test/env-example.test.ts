import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config.ts';

/**
 * .env.example followed exactly as its comments say (docs/decisions/043), read as compose's `env_file` reads it
 * (`NAME=value` lines; `#` lines are comments), with the variables compose.yaml's services set on top.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const example = readFileSync(resolve(ROOT, '.env.example'), 'utf8');
const envFile = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
const compose = parse(readFileSync(resolve(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, { environment?: Record<string, string> }> };
/** A service's environment with compose's `${VAR:-default}` / `${VAR:?message}` read from the env file's values. */
const serviceEnv = (name: string, file: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(compose.services[name]!.environment ?? {}).map(([k, v]) => [
      k,
      String(v).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, n: string, op?: string, alt?: string) => file[n] || (op === '-' ? (alt ?? '') : 'x')),
    ]),
  );
const secrets = (text: string) =>
  text
    .replace(/^POSTGRES_PASSWORD=$/m, 'POSTGRES_PASSWORD=clave-de-prueba')
    .replace(/^ENCRYPTION_KEY=$/m, `ENCRYPTION_KEY=${randomBytes(32).toString('base64')}`)
    .replace(/^JWT_SECRET=$/m, `JWT_SECRET=${randomBytes(48).toString('base64')}`)
    .replace(/^OPERATOR_SECRET=$/m, `OPERATOR_SECRET=${randomBytes(32).toString('hex')}`);
const trial = (text: string) => text.replace(/^#(MAIL_DEV_OUTBOX|MUV_SIMULATOR|WOMPI_SIMULATOR)=true$/gm, '$1=true');

describe('.env.example', () => {
  it('the trial its comments describe loads in every role: simulators on, mail in the local outbox', () => {
    const file = envFile(trial(secrets(example)));
    for (const service of ['api', 'worker', 'ingest', 'migrate']) {
      const config = loadConfig({ ...file, ...serviceEnv(service, file) });
      expect(config, service).toMatchObject({ env: 'production', muvSimulator: true, wompiSimulator: true, mailDevOutbox: true, wompiBaseUrl: null });
    }
  });

  it('in the trial, the worker and the ingest send to the api’s ministry simulator (they do not serve one)', () => {
    const file = envFile(trial(secrets(example)));
    for (const service of ['worker', 'ingest']) expect(loadConfig({ ...file, ...serviceEnv(service, file) }).muvBaseUrl, service).toBe('http://api:3000/_sim/muv');
    expect(loadConfig({ ...file, ...serviceEnv('api', file) }).muvBaseUrl).toBeNull();
    // a real ministry URL in .env wins everywhere
    const real = { ...file, MUV_BASE_URL: 'https://fevrips.example.gov.co/api' };
    for (const service of ['api', 'worker', 'ingest']) expect(loadConfig({ ...real, ...serviceEnv(service, real) }).muvBaseUrl, service).toBe('https://fevrips.example.gov.co/api');
  });

  it('filled in for production (mail, ministry, gateway) it loads', () => {
    const filled = secrets(example)
      .replace(/^SMTP_URL=$/m, 'SMTP_URL=smtps://radica:clave@smtp.example.co:465')
      .replace(/^MUV_BASE_URL=$/m, 'MUV_BASE_URL=https://fevrips.example.gov.co/api')
      .replace(/^WOMPI_BASE_URL=$/m, 'WOMPI_BASE_URL=https://production.wompi.co/v1')
      .replace(/^(WOMPI_PUBLIC_KEY|WOMPI_PRIVATE_KEY|WOMPI_EVENTS_SECRET|WOMPI_INTEGRITY_SECRET)=$/gm, '$1=llave-de-prueba-123');
    const file = envFile(filled);
    const config = loadConfig({ ...file, ...serviceEnv('api', file) });
    expect(config).toMatchObject({ muvSimulator: false, wompiSimulator: false, mailDevOutbox: false, muvBaseUrl: 'https://fevrips.example.gov.co/api' });
  });

  it('as copied, with nothing filled in, it is refused with every missing variable named at once', () => {
    const file = envFile(example);
    const refusal = (() => {
      try {
        loadConfig({ ...file, ...serviceEnv('api', file) });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    for (const name of ['ENCRYPTION_KEY', 'JWT_SECRET', 'SMTP_URL', 'MUV_BASE_URL', 'WOMPI_BASE_URL']) expect(refusal, name).toContain(name);
    expect(refusal.split('\n').length).toBeGreaterThanOrEqual(4);
  });

  it('an invalid value and a missing one are named together', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: 'abc', MAIL_DEV_OUTBOX: 'true', MUV_SIMULATOR: 'true', WOMPI_SIMULATOR: 'true' })).toThrow(/PORT[^]*ENCRYPTION_KEY/);
  });
});
