import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import type { TDeps } from '../../deps.ts';
import { startImapPolling } from './imap.ts';
import { aceptarCorreo, canalDeDireccion, procesarCorreo } from './service.ts';
import type { TCanalCorreoRow } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The e-mail channel's SMTP server port, once it listens; null when off or not started. Fastify does
     * not wait for onListen hooks, so this waits for the start under way.
     */
    inboundSmtpPort: () => Promise<number | null>;
  }
}

/** Distinct tenants one message may be addressed to (each gets its own copy processed). */
const MAX_DESTINATARIOS = 5;

/** An SMTP reply error: smtp-server answers `responseCode` and the message. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The e-mail channel's inbound SMTP server (smtp-server): RCPT TO must be `radicar+TOKEN@DOMAIN` of an
 * active channel (else 550 in Spanish); DATA up to INBOUND_MAX_BYTES (over it: logged and replied, then 552); the
 * message is parsed with mailparser (a message it cannot read is logged and answered 554 with the reason)
 * and stored with its job (aceptarCorreo) before the 250, so a failure answers 451 and the sending server retries,
 * and a crash after the 250 loses nothing: a worker files it for each addressed tenant. No AUTH and
 * no STARTTLS: it listens on localhost by default behind the
 * provider's MTA (docs/decisions). Errors never escape to the process.
 */
export function createInboundSmtp(deps: TDeps, baseUrl: () => string): SMTPServer {
  const porSesion = new Map<string, TCanalCorreoRow[]>();
  const maxBytes = deps.config.inboundMaxBytes;
  const server = new SMTPServer({
    name: deps.config.inboundMailDomain,
    banner: 'Radica',
    size: maxBytes,
    // SIZE is advertised without a number so every oversized message reaches DATA and is logged and replied to.
    hideSize: true,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    maxClients: 50,
    socketTimeout: 120_000,
    closeTimeout: 5_000,
    logger: false,
    onConnect(session, cb) {
      porSesion.set(session.id, []);
      cb();
    },
    onClose(session) {
      porSesion.delete(session.id);
    },
    onMailFrom(_address, session, cb) {
      porSesion.set(session.id, []);
      cb();
    },
    onRcptTo(address, session, cb) {
      canalDeDireccion(deps, address.address).then(
        (canal) => {
          if (!canal) return cb(smtpError(550, MSG_CORREO.smtpDestinoDesconocido));
          const canales = porSesion.get(session.id) ?? [];
          if (!canales.some((c) => c.tenantId === canal.tenantId)) {
            if (canales.length >= MAX_DESTINATARIOS) return cb(smtpError(452, MSG_CORREO.smtpErrorTemporal));
            canales.push(canal);
          }
          porSesion.set(session.id, canales);
          cb();
        },
        (err: unknown) => {
          deps.log.error({ err }, 'e-mail channel: recipient lookup failed');
          cb(smtpError(451, MSG_CORREO.smtpErrorTemporal));
        },
      );
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= maxBytes) chunks.push(c);
      });
      stream.on('error', (err) => deps.log.warn({ err }, 'e-mail channel: DATA stream failed'));
      stream.on('end', () => {
        const excedido = stream.sizeExceeded || size > maxBytes;
        recibir(deps, session, porSesion.get(session.id) ?? [], excedido ? null : Buffer.concat(chunks), baseUrl()).then(
          ({ ilegible }) => {
            if (excedido) return cb(smtpError(552, MSG_CORREO.smtpDemasiadoGrande(Math.round(maxBytes / 1_048_576))));
            // A message that cannot be parsed never will be: a permanent failure with the reason, not "try again".
            if (ilegible) return cb(smtpError(554, MSG_CORREO.smtpIlegible));
            cb(null, MSG_CORREO.smtpRecibido);
          },
          (err: unknown) => {
            deps.log.error({ err }, 'e-mail channel: processing an inbound message failed');
            cb(smtpError(451, MSG_CORREO.smtpErrorTemporal));
          },
        );
      });
    },
  });
  server.on('error', (err) => deps.log.error({ err }, 'e-mail channel: SMTP server error'));
  return server;
}

/**
 * Parses a received message, then stores it with its job (aceptarCorreo) before the 250: a worker files it for each
 * addressed tenant, and a crash after the 250 loses nothing. A message mailparser cannot read (a MIME
 * structure past its limits, a header over 1 MB…) is logged for each tenant as unreadable here, and `ilegible` tells
 * the server to answer 554.
 */
async function recibir(
  deps: TDeps,
  session: SMTPServerSession,
  canales: TCanalCorreoRow[],
  raw: Buffer | null,
  baseUrl: string,
): Promise<{ ilegible: boolean }> {
  const mailFrom = session.envelope.mailFrom;
  const remitenteSobre = mailFrom && mailFrom.address ? mailFrom.address.trim().toLowerCase() : null;
  if (raw) {
    try {
      await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'e-mail channel: a message could not be parsed');
      for (const canal of canales) await procesarCorreo(deps, canal, { remitenteSobre, parsed: null, ilegible: true, baseUrl });
      return { ilegible: true };
    }
  }
  await aceptarCorreo(deps, canales, remitenteSobre, raw);
  return { ilegible: false };
}

/**
 * Starts the e-mail channel with the app: the SMTP server on INBOUND_SMTP_HOST:INBOUND_SMTP_PORT when
 * INBOUND_SMTP_ENABLED, and the IMAP poll when IMAP_URL is set, once the API listens (replies link to it); both stop
 * when the app closes, before the database. A port already in use is logged, not fatal. `app.inboundSmtpPort()` tells the bound port.
 */
export function registerInboundMail(app: FastifyInstance, deps: TDeps) {
  let smtp: SMTPServer | null = null;
  let port: number | null = null;
  let stopImap: (() => Promise<void>) | null = null;
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  app.decorate('inboundSmtpPort', async () => {
    if (!app.server.listening) return null;
    await started;
    return port;
  });
  const baseUrl = () => {
    if (deps.config.publicUrl) return deps.config.publicUrl.replace(/\/+$/, '');
    const a = app.server.address();
    return `http://localhost:${a && typeof a === 'object' ? a.port : deps.config.port}`;
  };
  app.addHook('onListen', async () => {
    try {
      await start();
    } finally {
      markStarted();
    }
  });
  const start = async () => {
    if (deps.config.inboundSmtpEnabled && !smtp) {
      const server = createInboundSmtp(deps, baseUrl);
      await new Promise<void>((resolve) => {
        const onError = (err: Error) => {
          deps.log.error({ err, port: deps.config.inboundSmtpPort }, 'e-mail channel: the SMTP server could not listen');
          resolve();
        };
        server.server.once('error', onError);
        server.listen(deps.config.inboundSmtpPort, deps.config.inboundSmtpHost, () => {
          server.server.off('error', onError);
          port = (server.server.address() as AddressInfo).port;
          smtp = server;
          deps.log.info({ port, host: deps.config.inboundSmtpHost }, 'e-mail channel: SMTP server listening');
          resolve();
        });
      });
    }
    if (deps.config.imapUrl && !stopImap) stopImap = startImapPolling(deps, deps.config.imapUrl, deps.config.imapPollS * 1000, baseUrl);
  };
  // preClose: before the database closes, so a message being processed can finish.
  app.addHook('preClose', async () => {
    if (app.server.listening) await started;
    await stopImap?.();
    const server = smtp;
    smtp = null;
    port = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
