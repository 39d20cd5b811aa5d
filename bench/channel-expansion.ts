/**
 * What one message can cost the server: the API runs as `npm start` does (its own process, embedded
 * PGlite on disk, the e-mail channel's SMTP server on), and
 * A. one e-mail of about 0.5 MB carrying 8 ZIPs that each expand to 49 MB (5 JSON entries of 9.8 MB of zeros) is
 *    delivered over SMTP to an allowed sender's channel address, and measured until its job (in the same process, as
 *    `npm start` runs it) has expanded and logged it;
 * B. 6 chat messages, each with a 9.2 MB RIPS attached, are posted at once (the technical chat checks them).
 * While each runs, GET /ping is called back to back (its slowest answer is the event loop's stall) and the API
 * process's resident memory is sampled from /proc (peak minus the idle figure before the phase).
 * Targets: /ping max < 250 ms and memory growth < 200 MB for A; /ping max < 250 ms for B. Phase 0 prints the slowest
 * ping of an idle server in the same run (the machine's own noise).
 * `npx tsx bench/channel-expansion.ts`; DATABASE_URL set → a scratch PostgreSQL database instead of PGlite.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { zipSync } from 'fflate';
import { createTestDatabase, freePort, registerAndLogin, PAR1_JSON, SAMPLES } from '../apps/api/test/helpers.ts';
import { serverProcess } from '../apps/api/test/compiled.ts';

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

/** Calls /ping back to back and samples the process's memory until `work` settles; the slowest ping and the peak. */
async function measure<T>(url: string, pid: number, work: () => Promise<T>): Promise<{ result: T; maxPingMs: number; pings: number; idleMb: number; peakMb: number; ms: number }> {
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 25);
  let done = false;
  let maxPingMs = 0;
  let pings = 0;
  const pinger = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${url}/ping`).then((r) => r.arrayBuffer());
      maxPingMs = Math.max(maxPingMs, performance.now() - t0);
      pings++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, maxPingMs, pings, idleMb, peakMb, ms: performance.now() - t0 };
  } finally {
    done = true;
    clearInterval(sampler);
    await pinger;
  }
}

/** par1's RIPS with its user replicated (10 procedimientos each) to about `bytes`. */
function syntheticRips(bytes: number): Buffer {
  const par1 = JSON.parse(readFileSync(join(SAMPLES, PAR1_JSON), 'utf8')) as { usuarios: Record<string, unknown>[] } & Record<string, unknown>;
  const base = par1.usuarios[0]!;
  const proc = (base['servicios'] as { procedimientos: Record<string, unknown>[] }).procedimientos[0]!;
  const usuarios: unknown[] = [];
  for (let n = 0, size = 0; size < bytes; n++) {
    const u = { ...base, numDocumentoIdentificacion: String(10_000_000 + n), consecutivo: n + 1, servicios: { procedimientos: Array.from({ length: 10 }, (_, k) => ({ ...proc, consecutivo: k + 1 })) } };
    usuarios.push(u);
    size += JSON.stringify(u).length + 1;
  }
  return Buffer.from(JSON.stringify({ ...par1, usuarios }));
}

const scratch = process.env.DATABASE_URL ? await createTestDatabase() : null;
const smtpPort = await freePort();
const api = await serverProcess({
  // One process, as `npm start` runs it: the API also runs the job that expands and files the message.
  JOBS_WORKER: 'true',
  RATE_LIMIT_SCALE: '100',
  INBOUND_SMTP_ENABLED: 'true',
  INBOUND_SMTP_PORT: String(smtpPort),
  INBOUND_MAIL_DOMAIN: 'radica.local',
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
});
const server = await api.start();
let failed = false;
try {
  const { c } = await registerAndLogin(api.url, 'bench-correo@example.co', '901019681');
  const direccion = (await c.get('/api/canales/correo')).body.data.direccion as string;
  const sender = 'facturacion@clinica.co';
  await c.put('/api/canales/correo', { remitentes: [sender], envioAutomatico: false, activo: true });
  console.log(`base de datos: ${scratch ? 'PostgreSQL' : 'PGlite embebida'}; carga del sistema: ${loadavg()[0]!.toFixed(1)}`);
  // The same measure with nothing to do: the machine's own noise, the baseline of this run.
  const idle = await measure(api.url, server.pid!, () => new Promise((r) => setTimeout(r, 3000)));
  console.log(`0. sin trabajo (3 s): /ping más lento ${idle.maxPingMs.toFixed(0)} ms (${idle.pings} pings)`);

  // A. One e-mail, 8 ZIPs of 5 × 9.8 MB of zeros each.
  const entry = new Uint8Array(9_800_000);
  const zip = Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}.json`, entry])), { level: 9 }));
  const attachments = Array.from({ length: 8 }, (_, i) => ({ filename: `lote${i}.zip`, content: zip }));
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  // Measured until the message is in the inbox log (its job expanded and filed it), not only until SMTP accepted it.
  const logged = async () => ((await c.get('/api/canales/correo/entrantes?tamanoPagina=5')).body.data as { total: number }).total;
  const before = await logged();
  const a = await measure(api.url, server.pid!, async () => {
    const response = await transport.sendMail({ from: sender, to: direccion, subject: 'Lote', text: 'ZIPs', attachments }).then(
      (info) => info.response,
      (err: Error & { response?: string }) => err.response ?? err.message,
    );
    const deadline = Date.now() + 120_000;
    while ((await logged()) <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    return response;
  });
  const expanded = (8 * 5 * entry.length) / 1e6;
  console.log(`A. correo con 8 ZIP (${(zip.length * 8 / 1e3).toFixed(0)} kB comprimidos, ${expanded.toFixed(0)} MB al descomprimir): respuesta SMTP «${a.result}», archivado en ${a.ms.toFixed(0)} ms`);
  console.log(`   /ping más lento: ${a.maxPingMs.toFixed(0)} ms (${a.pings} pings; objetivo < 250 ms)`);
  console.log(`   memoria del proceso API: en reposo ${a.idleMb.toFixed(0)} MB, pico ${a.peakMb.toFixed(0)} MB, aumento ${(a.peakMb - a.idleMb).toFixed(0)} MB (objetivo < 200 MB)`);
  if (a.maxPingMs >= 250 || a.peakMb - a.idleMb >= 200) failed = true;

  // B. 6 chat messages with a 9.2 MB RIPS each, at once.
  const rips = syntheticRips(9_200_000);
  const b = await measure(api.url, server.pid!, () =>
    Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const form = new FormData();
        form.append('sessionId', `bench-chat-${i}-${'x'.repeat(12)}`);
        form.append('chatInput', 'Revisa este RIPS');
        form.append('file0', new Blob([new Uint8Array(rips)]), `rips${i}.json`);
        return c.post('/api/chat', form).then((r) => r.status);
      }),
    ),
  );
  console.log(`B. 6 mensajes de chat con un RIPS de ${(rips.length / 1e6).toFixed(1)} MB cada uno: estados ${b.result.join(',')} en ${b.ms.toFixed(0)} ms`);
  console.log(`   /ping más lento: ${b.maxPingMs.toFixed(0)} ms (${b.pings} pings; objetivo < 250 ms); memoria: pico ${b.peakMb.toFixed(0)} MB (reposo ${b.idleMb.toFixed(0)} MB)`);
  if (b.maxPingMs >= 250) failed = true;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await scratch?.drop();
}
if (failed) process.exitCode = 1;
