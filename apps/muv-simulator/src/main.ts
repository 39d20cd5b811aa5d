import Fastify from 'fastify';
import { muvSimulatorPlugin } from './plugin.ts';

/**
 * Standalone MUV simulator: `npm start -w @radica/muv-simulator`.
 * Environment (read only here): `PORT` (default 9443, the port the ministry's Docker maps; plain
 * http), `HOST` (default 0.0.0.0), `MUV_SIM_STATE_FILE` (JSON state file; unset = memory only),
 * `MUV_SIM_JWT_SECRET` (default random per start), `MUV_SIM_LATENCY_MS` (default 0; the median when
 * `MUV_SIM_LATENCY_SIGMA` > 0: a log-normal spread, plugin.ts `latencySigma`), `MUV_SIM_CONTROL=true` to serve the test
 * hooks `/_control/*` (off by default), `MUV_SIM_LOG=false` to silence the request log (benches).
 */
const port = Number.parseInt(process.env.PORT ?? '9443', 10);
const host = process.env.HOST ?? '0.0.0.0';
const latencyMs = Number.parseInt(process.env.MUV_SIM_LATENCY_MS ?? '0', 10);
const latencySigma = Number.parseFloat(process.env.MUV_SIM_LATENCY_SIGMA ?? '0');

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  throw new Error(`PORT inválido: ${process.env.PORT}`);
}

const app = Fastify({ logger: process.env.MUV_SIM_LOG !== 'false' });
await app.register(muvSimulatorPlugin, {
  prefix: '',
  stateFile: process.env.MUV_SIM_STATE_FILE || null,
  jwtSecret: process.env.MUV_SIM_JWT_SECRET || undefined,
  latencyMs: Number.isFinite(latencyMs) ? latencyMs : 0,
  latencySigma: Number.isFinite(latencySigma) ? latencySigma : 0,
  controlHooks: process.env.MUV_SIM_CONTROL === 'true',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host });
