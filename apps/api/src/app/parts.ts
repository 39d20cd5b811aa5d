import type { FastifyPluginAsync } from 'fastify';

/**
 * Parts the entry point hands in (the composition root: server.ts, the operator commands, the tests). The local
 * simulators live in apps/*-simulator, which the API does not import (the `api-not-simulator` boundary): they are
 * injected here.
 */
export type TAppParts = {
  /** The ministry's (MUV) local simulator, mounted under /_sim/muv when MUV_SIMULATOR is on. */
  muvSimulator?: FastifyPluginAsync<{ stateFile?: string | null; controlHooks?: boolean }>;
  /** The payment gateway's local simulator (apps/wompi-simulator), mounted under /_sim/wompi when WOMPI_SIMULATOR is on. */
  wompiSimulator?: FastifyPluginAsync<TWompiSimulatorOptions>;
  /** The WhatsApp Cloud API's local simulator (apps/whatsapp-simulator), mounted under /_sim/whatsapp by default. */
  whatsappSimulator?: FastifyPluginAsync<{
    accessToken: string;
    phoneNumberId: string;
    templates: Record<string, number>;
    controlHooks?: boolean;
    webhookUrl?: () => string;
    appSecret?: string;
    verifyToken?: string;
  }>;
};

/** What the API hands the payment simulator (its plugin options, as apps/wompi-simulator declares them). */
export type TWompiSimulatorOptions = {
  publicKey: string;
  privateKey: string;
  eventsSecret: string;
  integritySecret: string;
  eventsUrl: () => string | null;
  stateFile?: string | null;
  controlHooks?: boolean;
};
