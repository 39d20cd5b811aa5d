import { ENV_SCHEMA, type TEnvVariable } from './config.ts';

/** A group of the variables table of docs/operations.md. */
type TGrupo =
  | 'Servidor y procesos'
  | 'Base de datos'
  | 'Secretos'
  | 'Sesiones y acceso'
  | 'Correo'
  | 'Ministerio (MUV)'
  | 'Trabajos en segundo plano'
  | 'Cargas y límites'
  | 'Pagos (Wompi)'
  | 'Chat, webhooks y alertas'
  | 'Canales SFTP y correo'
  | 'REPS y copias de seguridad'
  | 'Métricas';

/**
 * How an operator reads one variable (docs/operations.md "Variables", in Spanish): its group, when it must be set
 * (`requerida`, empty when never) and what it does. Keyed by every variable of config.ts: a new variable without its
 * entry does not type-check, and apps/api/test/operations-doc.test.ts checks that the guide's table is this one.
 */
export type TVariableDoc = { grupo: TGrupo; requerida?: string; texto: string; porDefecto?: string };

/**
 * Variables of (process roles, shared limits, time-outs) documented before that branch lands in config.ts;
 * their `porDefecto` is the default it gives them. Once config.ts reads them, the schema's default is used (the same).
 */
export const DOCUMENTED_AHEAD = [
  'MIGRATE_ON_START',
  'HTTP_REQUEST_TIMEOUT_MS',
  'HTTP_HEADERS_TIMEOUT_MS',
  'HTTP_KEEP_ALIVE_TIMEOUT_MS',
  'HTTP_CONNECTION_TIMEOUT_MS',
  'REDIS_URL',
  'JOBS_CONCURRENCY',
  'JOBS_POLL_S',
  'SEND_WAIT_S',
] as const;

export const CONFIG_DOCS: Record<TEnvVariable, TVariableDoc> & Record<string, TVariableDoc> = {
  NODE_ENV: { grupo: 'Servidor y procesos', requerida: 'producción: `production`', texto: '`production` exige los secretos y las piezas reales (correo, Ministerio, pasarela) y rechaza los simuladores y sus ganchos de prueba.' },
  PORT: { grupo: 'Servidor y procesos', texto: 'Puerto HTTP de cada proceso (cada rol responde `/ping` y `/health/ready` ahí).' },
  HOST: { grupo: 'Servidor y procesos', texto: 'Dirección en la que escucha el HTTP.' },
  PUBLIC_URL: { grupo: 'Servidor y procesos', requerida: 'producción', texto: 'Origen público (`https://radica.example.co`): enlaces de los correos; con https las cookies son `Secure`.' },
  TRUST_PROXY: { grupo: 'Servidor y procesos', requerida: 'detrás de un balanceador', texto: 'Quién puede fijar `X-Forwarded-For`: número de saltos (`1` detrás de un balanceador) o IP/CIDR de los proxies. Sin él, la IP del socket es el cliente de cada límite por IP; `true` se rechaza.' },
  MIGRATE_ON_START: { grupo: 'Servidor y procesos', porDefecto: '`true`', texto: '`true`: un proceso aplica al arrancar las migraciones pendientes (bajo el bloqueo de migraciones); `false`: no arranca hasta que `npm run migrate` las aplique (el de compose.yaml).' },
  HTTP_REQUEST_TIMEOUT_MS: { grupo: 'Servidor y procesos', porDefecto: '`60000`', texto: 'Una petición (con su cuerpo) que no termina en este tiempo recibe 408 (ms).' },
  HTTP_HEADERS_TIMEOUT_MS: { grupo: 'Servidor y procesos', porDefecto: '`15000`', texto: 'Tiempo máximo para recibir los encabezados de una petición (ms).' },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: { grupo: 'Servidor y procesos', porDefecto: '`65000`', texto: 'Tiempo que se mantiene abierta una conexión keep-alive inactiva (ms); mayor que el del balanceador.' },
  HTTP_CONNECTION_TIMEOUT_MS: { grupo: 'Servidor y procesos', porDefecto: '`120000`', texto: 'Un socket sin tráfico durante este tiempo se cierra (ms).' },
  REDIS_URL: { grupo: 'Base de datos', texto: 'Redis para los contadores compartidos de los límites (`redis://127.0.0.1:6379`); sin él, PostgreSQL (memoria con PGlite).' },
  LOG_LEVEL: { grupo: 'Servidor y procesos', texto: 'Nivel de pino (`fatal` … `trace`, `silent`); secretos y encabezados de autorización se ocultan.' },
  WEB_DIST_DIR: { grupo: 'Servidor y procesos', texto: 'Carpeta de la SPA compilada; sin ella, `apps/web/dist` (la que hace `npm run build`).' },
  DATABASE_URL: { grupo: 'Base de datos', requerida: 'roles separados (api, worker, ingest) y varios nodos', texto: 'PostgreSQL (`postgres://usuario:clave@host:5432/radica`). Sin ella, PGlite embebido en `DATA_DIR/db` (un solo proceso).' },
  PGLITE_SNAPSHOT: { grupo: 'Base de datos', texto: 'Volcado de una carpeta de PGlite (`dumpDataDir`, tar gzip) desde el que arranca una base embebida NUEVA en lugar de `initdb`; después se aplican las migraciones pendientes. Se ignora con `DATABASE_URL` o si `DATA_DIR/db` ya contiene una base. Lo usan las pruebas (una base migrada); en una instalación no hace falta.' },
  DATA_DIR: { grupo: 'Base de datos', texto: 'Base embebida y su bloqueo, claves generadas en desarrollo, estado de los simuladores.' },
  ENCRYPTION_KEY: { grupo: 'Secretos', requerida: 'producción', texto: '32 bytes en base64 o hex: AES-256-GCM de los secretos guardados (claves del validador) y de las copias de seguridad. Sin ella (desarrollo), `DATA_DIR/secret.key`. Guárdela aparte: sin ella no se leen ni los datos cifrados ni las copias.' },
  JWT_SECRET: { grupo: 'Secretos', requerida: 'producción', texto: 'Clave HMAC de los tokens de acceso (≥ 32 caracteres), la misma en todos los procesos. Sin ella (desarrollo), `DATA_DIR/jwt-secret`.' },
  OPERATOR_SECRET: { grupo: 'Secretos', requerida: 'varios procesos api', texto: 'Secreto del operador (`x-radica-operator` de `npm run admin`, `GET /metrics`), ≥ 32 caracteres. Sin él, `DATA_DIR/operator-secret` (distinto en cada máquina).' },
  ACCESS_TOKEN_TTL_S: { grupo: 'Sesiones y acceso', texto: 'Vida de un token de acceso (s).' },
  REFRESH_TOKEN_TTL_S: { grupo: 'Sesiones y acceso', texto: 'Vida absoluta de una sesión sin «recordarme» (s).' },
  REFRESH_TOKEN_REMEMBER_TTL_S: { grupo: 'Sesiones y acceso', texto: 'Vida absoluta de una sesión con «recordarme» (s).' },
  REFRESH_RACE_GRACE_S: { grupo: 'Sesiones y acceso', texto: 'Un token de renovación presentado de nuevo dentro de este tiempo es otra pestaña (409), no un robo (decisión 003).' },
  SESSION_CHECK_CACHE_MS: { grupo: 'Sesiones y acceso', texto: 'Cuánto confía un proceso en que una sesión sigue abierta antes de preguntar a la base: un cierre de sesión llega a los demás procesos en este tiempo.' },
  LOGIN_LOCKOUT_MAX_FAILURES: { grupo: 'Sesiones y acceso', texto: 'Intentos fallidos de un correo desde un cliente dentro de la ventana → 429 para ese cliente.' },
  LOGIN_LOCKOUT_WINDOW_S: { grupo: 'Sesiones y acceso', texto: 'Ventana de los bloqueos de inicio de sesión (s).' },
  LOGIN_LOCKOUT_ACCOUNT_MAX_FAILURES: {
    grupo: 'Sesiones y acceso',
    texto: 'Intentos fallidos de un correo desde todos los clientes dentro de la ventana → 429 para todos. Una cuenta SFTP nunca se bloquea así: al llegar a este número se avisa a la empresa.',
  },
  GOOGLE_CLIENT_ID: { grupo: 'Sesiones y acceso', texto: 'Cliente OAuth de Google; sin él el ingreso con Google no se muestra.' },
  GOOGLE_JWKS_URL: { grupo: 'Sesiones y acceso', texto: 'Claves que firman los tokens de Google.' },
  SMTP_URL: { grupo: 'Correo', requerida: 'producción (salvo `MAIL_DEV_OUTBOX=true`)', texto: 'Servidor de salida (`smtp://usuario:clave@smtp.example.co:587`). Sin él, buzón local que solo lee el operador (`npm run admin -- mail`).' },
  MAIL_DEV_OUTBOX: { grupo: 'Correo', texto: '`true` deja arrancar en producción sin SMTP (instalación de prueba: los códigos quedan en el buzón local).' },
  MAIL_FROM: { grupo: 'Correo', texto: 'Remitente de los correos.' },
  SALES_EMAIL: { grupo: 'Correo', texto: 'Buzón que recibe el formulario del plan Business.' },
  MUV_BASE_URL: { grupo: 'Ministerio (MUV)', requerida: 'producción (salvo `MUV_SIMULATOR=true`)', texto: 'API FEV-RIPS del Ministerio (la local del prestador o la alojada). Sin ella, el simulador en `/_sim/muv`.' },
  MUV_SIMULATOR: { grupo: 'Ministerio (MUV)', texto: 'Monta el simulador del Ministerio en `/_sim/muv` (por defecto sin `MUV_BASE_URL` y fuera de producción).' },
  MUV_SIMULATOR_CONTROL: { grupo: 'Ministerio (MUV)', texto: 'Ganchos de prueba del simulador; solo pruebas, rechazado en producción.' },
  MUV_TIMEOUT_MS: { grupo: 'Ministerio (MUV)', texto: 'Tiempo máximo de cada llamada al Ministerio (ms).' },
  MUV_RETRIES: { grupo: 'Ministerio (MUV)', texto: 'Reintentos (con espera creciente) ante tiempos agotados y 5xx.' },
  MUV_TRANSIENT_RETRY_S: { grupo: 'Ministerio (MUV)', texto: 'Segundos entre los reintentos automáticos de un envío al que el Ministerio no dio veredicto (TOT003, 5xx, texto de error de la API local, tiempo agotado), separados por comas; el último se repite hasta `MUV_TRANSIENT_MAX_S` (decisión 047).' },
  MUV_TRANSIENT_MAX_S: { grupo: 'Ministerio (MUV)', texto: 'Cuánto espera un documento el veredicto del Ministerio con reintentos automáticos antes de quedar en ERROR para que lo reenvíe el usuario (s).' },
  MUV_TRANSIENT_ALERT_S: { grupo: 'Ministerio (MUV)', texto: 'Un documento que lleva este tiempo sin respuesta del Ministerio avisa al cliente por sus alertas (las de ERROR) (s).' },
  MUV_TENANT_CONCURRENCY: { grupo: 'Ministerio (MUV)', texto: 'Envíos al Ministerio en vuelo por cliente (tenant), sumando todos los procesos.' },
  MUV_MAX_RIPS_BYTES: { grupo: 'Ministerio (MUV)', texto: 'Tamaño máximo de un RIPS (JSON) que recibe el Ministerio, en bytes (por defecto 200 MB). Un RIPS mayor se rechaza al cargarlo, en todos los canales, con la indicación de dividirlo. Cada canal ya limita un archivo a 10 MB (MAX_UPLOAD_BYTES): rige el menor de los dos.' },
  MUV_SERVICE_USER: { grupo: 'Ministerio (MUV)', texto: 'Usuario validador propio de la plataforma para la consulta pública de CUV (con la contraseña y el NIT siguientes).' },
  MUV_SERVICE_PASSWORD: { grupo: 'Ministerio (MUV)', texto: 'Contraseña de ese usuario.' },
  MUV_SERVICE_NIT: { grupo: 'Ministerio (MUV)', texto: 'NIT de ese usuario. Sin los tres, la consulta pública de CUV queda apagada (salvo con el simulador).' },
  SEND_LEASE_S: { grupo: 'Ministerio (MUV)', texto: 'Un envío sin renovar su reserva del documento durante este tiempo se da por muerto y se libera (decisión 011).' },
  JOBS_WORKER: { grupo: 'Trabajos en segundo plano', texto: '`false` deja los trabajos a `npm run start:worker` cuando `npm start` corre el resto.' },
  JOBS_BATCH_SIZE: { grupo: 'Trabajos en segundo plano', texto: 'Trabajos que toma un trabajador en cada consulta.' },
  JOBS_CONCURRENCY: { grupo: 'Trabajos en segundo plano', porDefecto: '`10`', texto: 'Envíos que un proceso worker corre a la vez (todos los clientes juntos).' },
  JOBS_POLL_S: { grupo: 'Trabajos en segundo plano', porDefecto: '`2`', texto: 'Segundos que un worker sin trabajo espera antes de volver a preguntar a una cola (un trabajo nuevo lo despierta enseguida).' },
  SEND_WAIT_S: { grupo: 'Trabajos en segundo plano', porDefecto: '`25`', texto: 'Cuánto espera el envío individual de la web (y el del canal API) la respuesta del Ministerio antes de responder 202 «en cola».' },
  JOBS_EXPIRE_S: { grupo: 'Trabajos en segundo plano', texto: 'Expiración de pg-boss de un trabajo en curso (respaldo; los envíos tienen su propia reserva).' },
  UPLOAD_WORKERS: { grupo: 'Cargas y límites', texto: 'Hilos que leen y revisan las cargas (0: uno menos que los núcleos, de 1 a 4).' },
  UPLOAD_CONCURRENCY: { grupo: 'Cargas y límites', texto: 'Cargas que un proceso revisa a la vez, todos los clientes juntos (0: el doble de los hilos).' },
  UPLOAD_TENANT_CONCURRENCY: { grupo: 'Cargas y límites', texto: 'Cargas de un cliente revisadas a la vez por proceso.' },
  UPLOAD_TENANT_QUEUE: { grupo: 'Cargas y límites', texto: 'Cargas de un cliente que pueden esperar turno; las demás reciben 429.' },
  UPLOAD_USER_PER_MINUTE: { grupo: 'Cargas y límites', texto: 'Cargas por usuario y minuto.' },
  RATE_LIMIT_SCALE: { grupo: 'Cargas y límites', texto: 'Multiplicador de todos los límites (solo bancos de prueba; en producción 1).' },
  WOMPI_BASE_URL: { grupo: 'Pagos (Wompi)', requerida: 'producción (salvo `WOMPI_SIMULATOR=true`)', texto: 'API de la pasarela (`https://production.wompi.co/v1`). Sin ella, el simulador en `/_sim/wompi`.' },
  WOMPI_PUBLIC_KEY: { grupo: 'Pagos (Wompi)', requerida: 'con `WOMPI_BASE_URL`', texto: 'Llave pública del comercio.' },
  WOMPI_PRIVATE_KEY: { grupo: 'Pagos (Wompi)', requerida: 'con `WOMPI_BASE_URL`', texto: 'Llave privada del comercio.' },
  WOMPI_EVENTS_SECRET: { grupo: 'Pagos (Wompi)', requerida: 'con `WOMPI_BASE_URL`', texto: 'Secreto de eventos (firma de los webhooks de Wompi).' },
  WOMPI_INTEGRITY_SECRET: { grupo: 'Pagos (Wompi)', requerida: 'con `WOMPI_BASE_URL`', texto: 'Secreto de integridad (firma de cada pago).' },
  WOMPI_SIMULATOR: { grupo: 'Pagos (Wompi)', texto: 'Monta el simulador de pagos en `/_sim/wompi` (por defecto sin `WOMPI_BASE_URL` y fuera de producción).' },
  WOMPI_SIMULATOR_CONTROL: { grupo: 'Pagos (Wompi)', texto: 'Ganchos de prueba del simulador de pagos; solo pruebas.' },
  WOMPI_TIMEOUT_MS: { grupo: 'Pagos (Wompi)', texto: 'Tiempo máximo de cada llamada a la pasarela (ms).' },
  PROMO_COUPON_CODE: { grupo: 'Pagos (Wompi)', texto: 'Código del cupón de lanzamiento (precio final 1 500 COP), creado al arrancar.' },
  CHAT_WEBHOOK_URL: { grupo: 'Chat, webhooks y alertas', texto: 'Flujo del chat (estilo n8n); sin él responde el asistente de ayuda incorporado.' },
  CHAT_TIMEOUT_MS: { grupo: 'Chat, webhooks y alertas', texto: 'Tiempo máximo de cada llamada al flujo del chat (ms).' },
  WEBHOOK_TIMEOUT_MS: { grupo: 'Chat, webhooks y alertas', texto: 'Tiempo máximo de cada entrega de webhook de resultados (ms).' },
  WEBHOOK_RETRIES: { grupo: 'Chat, webhooks y alertas', texto: 'Reintentos de una entrega de webhook después del primero.' },
  WEBHOOK_RETRY_DELAY_S: { grupo: 'Chat, webhooks y alertas', texto: 'Espera antes del primer reintento (se duplica).' },
  WEBHOOK_ALLOW_LOCAL: { grupo: 'Chat, webhooks y alertas', texto: 'Acepta webhooks http:// y a direcciones privadas; solo desarrollo y pruebas.' },
  WHATSAPP_API_URL: { grupo: 'Chat, webhooks y alertas', texto: 'API de WhatsApp Cloud (`https://graph.facebook.com`) para las alertas de rechazo; sin ella, el simulador (fuera de producción) o solo correo.' },
  WHATSAPP_API_VERSION: { grupo: 'Chat, webhooks y alertas', texto: 'Versión de la API de WhatsApp.' },
  WHATSAPP_PHONE_NUMBER_ID: { grupo: 'Chat, webhooks y alertas', requerida: 'con `WHATSAPP_API_URL`', texto: 'Identificador del número que envía.' },
  WHATSAPP_TOKEN: { grupo: 'Chat, webhooks y alertas', requerida: 'con `WHATSAPP_API_URL`', texto: 'Token de acceso de la API de WhatsApp.' },
  WHATSAPP_TEMPLATE: { grupo: 'Chat, webhooks y alertas', texto: 'Plantilla aprobada de la alerta.' },
  WHATSAPP_TEMPLATE_LANG: { grupo: 'Chat, webhooks y alertas', texto: 'Idioma de la plantilla.' },
  WHATSAPP_TIMEOUT_MS: { grupo: 'Chat, webhooks y alertas', texto: 'Tiempo máximo de cada llamada a WhatsApp (ms).' },
  WHATSAPP_SIMULATOR_CONTROL: { grupo: 'Chat, webhooks y alertas', texto: 'Ganchos de prueba del simulador de WhatsApp; solo pruebas.' },
  WHATSAPP_VERIFY_TOKEN: { grupo: 'Chat, webhooks y alertas', requerida: 'con `WHATSAPP_APP_SECRET`', texto: 'Token de verificación del webhook del asistente de WhatsApp (`https://…/api/whatsapp/webhook` en la app de Meta); con el simulador se genera en `DATA_DIR/whatsapp-sim/`.' },
  WHATSAPP_APP_SECRET: { grupo: 'Chat, webhooks y alertas', requerida: 'con `WHATSAPP_VERIFY_TOKEN`', texto: 'Clave secreta de la app de Meta: firma cada entrega del webhook (`X-Hub-Signature-256`); con el simulador se genera en `DATA_DIR/whatsapp-sim/`.' },
  WHATSAPP_CODE_TEMPLATE: { grupo: 'Chat, webhooks y alertas', texto: 'Plantilla aprobada (un parámetro: el código) que vincula el número de un usuario.' },
  WHATSAPP_LIMITE_NUMERO_HORA: { grupo: 'Chat, webhooks y alertas', texto: 'Mensajes al asistente de WhatsApp por número y hora; luego un aviso y silencio.' },
  WHATSAPP_LIMITE_EMPRESA_DIA: { grupo: 'Chat, webhooks y alertas', texto: 'Mensajes al asistente de WhatsApp por empresa y día; luego un aviso y silencio.' },
  ALERTAS_RESUMEN_HORA: { grupo: 'Chat, webhooks y alertas', texto: 'Hora (0–23, Bogotá) del resumen diario de envíos.' },
  SFTP_ENABLED: { grupo: 'Canales SFTP y correo', texto: 'Servidor SFTP del canal (por defecto encendido, salvo `NODE_ENV=test`); corre en el rol ingest.' },
  SFTP_PORT: { grupo: 'Canales SFTP y correo', texto: 'Puerto del SFTP (por defecto 2222; 0 en pruebas).' },
  SFTP_HOST: { grupo: 'Canales SFTP y correo', texto: 'Dirección del SFTP (ábralo con `0.0.0.0` o un proxy TCP).' },
  SFTP_PUBLIC_HOST: { grupo: 'Canales SFTP y correo', texto: 'Host que se muestra a los usuarios (por defecto el de `PUBLIC_URL`).' },
  SFTP_PAIR_WAIT_S: { grupo: 'Canales SFTP y correo', texto: 'Espera de un archivo sin pareja antes de su reporte INCOMPLETO (s).' },
  SFTP_LOGIN_DELAY_MAX_MS: {
    grupo: 'Canales SFTP y correo',
    texto:
      'Espera máxima (ms) antes de revisar la contraseña de un usuario SFTP con muchos intentos fallidos desde todas las direcciones: la cuenta se frena, nunca se bloquea (cada dirección sí se bloquea tras `LOGIN_LOCKOUT_MAX_FAILURES`).',
  },
  INBOUND_SMTP_ENABLED: { grupo: 'Canales SFTP y correo', texto: 'Servidor SMTP de entrada del canal de correo (por defecto encendido, salvo `NODE_ENV=test`); rol ingest.' },
  INBOUND_SMTP_PORT: { grupo: 'Canales SFTP y correo', texto: 'Puerto del SMTP de entrada.' },
  INBOUND_SMTP_HOST: { grupo: 'Canales SFTP y correo', texto: 'Dirección del SMTP de entrada (ponga delante un MTA público con TLS, o `0.0.0.0`).' },
  INBOUND_MAIL_DOMAIN: { grupo: 'Canales SFTP y correo', texto: 'Dominio de las direcciones `radicar+TOKEN@DOMINIO`.' },
  INBOUND_MAX_BYTES: { grupo: 'Canales SFTP y correo', texto: 'Tamaño máximo de un correo entrante con adjuntos (bytes).' },
  INBOUND_REPLY_MAX_PER_RECIPIENT_HOUR: { grupo: 'Canales SFTP y correo', texto: 'Respuestas automáticas del canal de correo por hora a una misma dirección (todos los clientes juntos); pasado el límite el correo se procesa y registra, sin respuesta.' },
  INBOUND_REPLY_MAX_PER_TENANT_HOUR: { grupo: 'Canales SFTP y correo', texto: 'Respuestas automáticas por hora de un mismo cliente.' },
  IMAP_URL: { grupo: 'Canales SFTP y correo', texto: 'Buzón alojado que se consulta en vez del SMTP (`imaps://usuario:clave@host:993/INBOX`).' },
  IMAP_POLL_S: { grupo: 'Canales SFTP y correo', texto: 'Cada cuánto se consulta el buzón IMAP (s).' },
  REPS_SEED: { grupo: 'REPS y copias de seguridad', texto: 'Carga el extracto REPS incluido en una tabla de prestadores vacía (por defecto sí, salvo `NODE_ENV=test`); ocurre una sola vez.' },
  REPS_IMPORT_MAX_MB: { grupo: 'REPS y copias de seguridad', texto: 'Archivo REPS más grande que acepta la importación (MB).' },
  BACKUP_DIR: { grupo: 'REPS y copias de seguridad', texto: 'Carpeta de las copias cifradas `.rbk` (por defecto `DATA_DIR/backups`).' },
  BACKUP_SCHEDULE: { grupo: 'REPS y copias de seguridad', texto: 'Copia diaria y su retención (por defecto sí, salvo `NODE_ENV=test`); `false` para dejarla a cron.' },
  BACKUP_HOUR: { grupo: 'REPS y copias de seguridad', texto: 'Hora (0–23, Bogotá) de la copia diaria.' },
  METRICS_PORT: { grupo: 'Métricas', texto: 'Puerto de un servidor aparte para `GET /metrics` sin secreto (una dirección interna). Sin él, `/metrics` está en `PORT` y exige el secreto del operador.' },
  METRICS_HOST: { grupo: 'Métricas', texto: 'Dirección de ese servidor de métricas.' },
};

/** Order of the groups in the guide. */
const GRUPOS: TGrupo[] = [
  'Servidor y procesos',
  'Base de datos',
  'Secretos',
  'Sesiones y acceso',
  'Correo',
  'Ministerio (MUV)',
  'Trabajos en segundo plano',
  'Cargas y límites',
  'Pagos (Wompi)',
  'Chat, webhooks y alertas',
  'Canales SFTP y correo',
  'REPS y copias de seguridad',
  'Métricas',
];

/**
 * The default of a variable as the schema gives it for an unset value (`—` when unset means "off"/"none"); for a
 * variable documented ahead of config.ts, its documented default.
 */
export function defaultOf(name: string): string {
  if (!(name in ENV_SCHEMA.shape)) return CONFIG_DOCS[name]?.porDefecto ?? '—';
  const parsed = ENV_SCHEMA.shape[name as TEnvVariable].safeParse(undefined);
  if (!parsed.success || parsed.data === undefined || parsed.data === false) return '—';
  return `\`${String(parsed.data)}\``;
}

/**
 * The variables section of docs/operations.md, made from config.ts and CONFIG_DOCS: one table per group, variables
 * in alphabetical order (`npx tsx scripts/docs-variables.ts` writes it between the guide's markers).
 */
export function variablesMarkdown(): string {
  const names = Object.keys(CONFIG_DOCS).sort();
  const out: string[] = [];
  for (const grupo of GRUPOS) {
    const rows = names.filter((n) => CONFIG_DOCS[n]!.grupo === grupo);
    if (rows.length === 0) continue;
    out.push(`### ${grupo}`, '', '| Variable | Por defecto | Obligatoria | Qué hace |', '|---|---|---|---|');
    for (const n of rows) {
      const d = CONFIG_DOCS[n]!;
      out.push(`| \`${n}\` | ${defaultOf(n)} | ${d.requerida ?? 'no'} | ${d.texto} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

const START = /<!-- variables:inicio[^>]*-->\n/;
const END = '<!-- variables:fin -->';

/** `guide` (docs/operations.md) with the text between its variables markers replaced by {@link variablesMarkdown}. */
export function replaceVariablesSection(guide: string): string {
  const start = START.exec(guide);
  const end = guide.indexOf(END);
  if (!start || end < start.index) throw new Error('docs/operations.md: faltan las marcas variables:inicio / variables:fin');
  return `${guide.slice(0, start.index + start[0].length)}\n${variablesMarkdown()}\n${guide.slice(end)}`;
}
