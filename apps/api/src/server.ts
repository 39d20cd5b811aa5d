import { loadConfig } from './config.ts';
import { muvSimulatorPlugin } from '@radica/muv-simulator/plugin';
import { wompiSimulatorPlugin } from '@radica/wompi-simulator/plugin';
import { whatsappSimulatorPlugin } from '@radica/whatsapp-simulator/plugin';
import { buildApp } from './app.ts';

/** Entry point of `npm start`: config from env, migrate, listen. */
const started = performance.now();
const config = loadConfig();
const app = await buildApp(config, { muvSimulator: muvSimulatorPlugin, wompiSimulator: wompiSimulatorPlugin, whatsappSimulator: whatsappSimulatorPlugin });
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: `http://localhost:${config.port}`, database: app.deps.dbKind, startupMs: Math.round(performance.now() - started) },
  'Radica lista',
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
