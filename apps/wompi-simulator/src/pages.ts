import { createHash } from 'node:crypto';
import type { TWompiTransaction } from '@radica/contracts/wompi';

/**
 * The simulator's HTML pages: the terms behind the acceptance tokens' `permalink`, and the checkout page that stands
 * in for the bank (PSE) or Bancolombia's transfer page. Spanish, no script at all (the host app's CSP forbids inline
 * script, and a plain `<form method="post">` is enough), every printed value escaped.
 */

/** The sandbox banks of `GET /v1/pse/financial_institutions` (docs.wompi.co "Datos de prueba en Sandbox"). */
export const PSE_SANDBOX_BANKS = [
  { financial_institution_code: '1', financial_institution_name: 'Banco que aprueba' },
  { financial_institution_code: '2', financial_institution_name: 'Banco que rechaza' },
] as const;

/** The buyer's choices on the Bancolombia transfer page, in button order. */
export const BANCOLOMBIA_DECISIONS = [
  { value: 'APPROVED', label: 'Aprobar' },
  { value: 'DECLINED', label: 'Rechazar' },
  { value: 'ERROR', label: 'Error' },
] as const;

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}' +
  'dt{font-weight:600}dd{margin:0 0 .5rem}fieldset{border:1px solid #999;padding:1rem}' +
  'button{font-size:1rem;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0}.aviso{background:#fff4ce;padding:.5rem}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Replaces the five characters that are markup in HTML text and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The Content-Security-Policy of the simulator's pages: nothing but their own style block; forms may post to the same
 * origin and, after the POST, redirect to `redirectOrigin` (browsers apply `form-action` to that redirect too).
 */
export function pageCsp(redirectOrigin: string | null = null): string {
  const formAction = ["'self'", ...(redirectOrigin ? [redirectOrigin] : [])].join(' ');
  return `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;
}

function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Simulador de Wompi</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="aviso">Simulador local de la pasarela Wompi (Sandbox): aquí no se mueve dinero real.</p>
${body}
</main>
</body>
</html>
`;
}

const pesos = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  maximumFractionDigits: 2,
});

/** `amount_in_cents` as Colombian pesos, e.g. `$ 59.900,00`. */
function formatAmount(amountInCents: number): string {
  return pesos.format(amountInCents / 100);
}

/** The name of a PSE bank code ('1' → 'Banco que aprueba'); unknown codes print as `Banco <code> (desconocido)`. */
export function bankName(code: string): string {
  const bank = PSE_SANDBOX_BANKS.find((b) => b.financial_institution_code === code);
  return bank
    ? bank.financial_institution_name
    : `Banco ${code} (desconocido: la transacción terminará en ERROR)`;
}

function transactionDetails(transaction: TWompiTransaction, extra: Array<[string, string]>): string {
  const rows: Array<[string, string]> = [
    ['Referencia', transaction.reference],
    ['Valor', formatAmount(transaction.amount_in_cents)],
    ['Transacción', transaction.id],
    ...extra,
  ];
  if (transaction.redirect_url) rows.push(['Al terminar volverá a', transaction.redirect_url]);
  return `<dl>\n${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}\n</dl>`;
}

/** The terms page behind both acceptance tokens' `permalink` (sections `#uso` and `#datos-personales`). */
export function renderTermsPage(): string {
  return renderPage(
    'Términos y condiciones (simulados)',
    `<h2 id="uso">Reglamento de uso</h2>
<p>Este texto reemplaza, en el simulador, el reglamento de usuarios que la pasarela real publica como PDF.</p>
<h2 id="datos-personales">Autorización de tratamiento de datos personales</h2>
<p>Este texto reemplaza, en el simulador, la autorización de tratamiento de datos personales de la pasarela real.</p>`,
  );
}

/**
 * The checkout page of a PENDING PSE or Bancolombia transfer transaction: PSE shows the chosen bank and a
 * "Continuar" button (the bank decides); Bancolombia shows the buttons Aprobar / Rechazar / Error.
 */
export function renderCheckoutPage(transaction: TWompiTransaction, actionPath: string): string {
  const method = transaction.payment_method;
  if (method.type === 'PSE') {
    const code = String(method.financial_institution_code ?? '');
    return renderPage(
      'Pago con PSE',
      `${transactionDetails(transaction, [
        ['Banco', bankName(code)],
        ['Descripción', String(method.payment_description ?? '')],
      ])}
<form method="post" action="${escapeHtml(actionPath)}">
<p>El banco de pruebas responde según su nombre: «Banco que aprueba» aprueba y «Banco que rechaza» rechaza.</p>
<button type="submit" name="decision" value="continue">Continuar</button>
</form>`,
    );
  }
  const buttons = BANCOLOMBIA_DECISIONS.map(
    (d) => `<button type="submit" name="decision" value="${d.value}">${escapeHtml(d.label)}</button>`,
  ).join('\n');
  return renderPage(
    'Transferencia Bancolombia',
    `${transactionDetails(transaction, [['Descripción', String(method.payment_description ?? '')]])}
<form method="post" action="${escapeHtml(actionPath)}">
<fieldset>
<legend>¿Qué responde Bancolombia?</legend>
${buttons}
</fieldset>
</form>`,
  );
}

const STATUS_TEXT: Record<string, string> = {
  PENDING: 'pendiente',
  APPROVED: 'aprobado',
  DECLINED: 'rechazado',
  VOIDED: 'anulado',
  ERROR: 'con error',
};

/** The page shown after the checkout when the transaction has no `redirect_url` (or when it is opened again). */
export function renderFinishedPage(transaction: TWompiTransaction): string {
  return renderPage(
    'Pago finalizado',
    `<p>El pago quedó <strong>${escapeHtml(STATUS_TEXT[transaction.status] ?? transaction.status)}</strong>.</p>
${transactionDetails(transaction, [])}
<p>Puede cerrar esta ventana y volver al comercio.</p>`,
  );
}

/** A page for a checkout that cannot be shown (unknown transaction, or a method without checkout). */
export function renderMessagePage(title: string, message: string): string {
  return renderPage(title, `<p>${escapeHtml(message)}</p>`);
}
