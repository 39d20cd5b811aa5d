import { z } from 'zod';
import { ZEnvelope, ZHealthData, ZInfoData, ZOutboxMail, ZPingResponse } from '../common.ts';
import { ruta } from '../route.ts';

/** Liveness, readiness, the app's public facts, Prometheus metrics and the local mail outbox (seed 000 §7 notes: /ping and /api/info are public). */
export const sistema = {
  ping: ruta({ method: 'GET', path: '/ping', roles: 'publico', response: ZPingResponse }),
  listo: ruta({ method: 'GET', path: '/health/ready', roles: 'publico', response: ZEnvelope(ZHealthData), otras: { 503: ZEnvelope(ZHealthData) } }),
  info: ruta({ method: 'GET', path: '/api/info', roles: 'publico', response: ZEnvelope(ZInfoData) }),
  /** Prometheus text for the operator secret (also as `Authorization: Bearer`); 404 when METRICS_PORT serves them apart. */
  metricas: ruta({ method: 'GET', path: '/metrics', roles: 'operador', response: z.string(), respuesta: 'texto' }),
  /** The local outbox (no SMTP_URL): the operator reads the codes mailed to an address. */
  correoLocal: ruta({
    method: 'GET',
    path: '/api/dev/mail',
    roles: 'operador',
    query: z.object({ to: z.string().min(3).max(320) }),
    response: ZEnvelope(z.array(ZOutboxMail)),
  }),
};
