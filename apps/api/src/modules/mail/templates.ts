import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { ZONA_BOGOTA } from '@radica/contracts/bogota';
/** Spanish HTML + text bodies of the account code e-mails. Values are HTML-escaped. */

type TCodeMail = { name: string; code: string; expiryMinutes: number };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(o: { subject: string; greeting: string; intro: string; code: string; expiryMinutes: number; footer: string }) {
  const text =
    `${o.greeting}\n\n${o.intro}\n\n    ${o.code}\n\n` +
    `El código es válido por ${o.expiryMinutes} minutos y se puede usar una sola vez.\n\n${o.footer}\n\nRadica`;
  const html =
    `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(o.greeting)}</p><p>${escapeHtml(o.intro)}</p>` +
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(o.code)}</p>` +
    `<p>El código es válido por ${o.expiryMinutes} minutos y se puede usar una sola vez.</p>` +
    `<p style="color:#6b7280">${escapeHtml(o.footer)}</p><p>Radica</p></body></html>`;
  return { subject: o.subject, text, html };
}

/** Password-recovery e-mail with the 8-digit reset code (seed 000 §2 "Forgot password"). */
export function resetCodeMail(m: TCodeMail) {
  return render({
    subject: `Código de recuperación de contraseña Radica: ${m.code}`,
    greeting: `Hola ${m.name || 'Usuario'}:`,
    intro: 'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Tu código de recuperación es:',
    code: m.code,
    expiryMinutes: m.expiryMinutes,
    footer: 'Si no solicitaste este cambio, ignora este mensaje: tu contraseña sigue igual.',
  });
}

/** Change-password e-mail with the 6-digit verification code (seed 000 §4 "Change-password modal"). */
export function passwordChangeCodeMail(m: TCodeMail) {
  return render({
    subject: `Código de verificación para cambiar tu contraseña Radica: ${m.code}`,
    greeting: `Hola ${m.name || 'Usuario'}:`,
    intro: 'Para cambiar la contraseña de tu cuenta ingresa este código de verificación:',
    code: m.code,
    expiryMinutes: m.expiryMinutes,
    footer: 'Si no fuiste tú, cambia tu contraseña y revisa la seguridad de tu correo.',
  });
}

const formatCop = (cop: number) => `${new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 }).format(cop)} COP`;
const formatDay = (d: Date) => new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: ZONA_BOGOTA }).format(d);

/**
 * Purchase confirmation (seed 002 §2 "Qué sigue?": 'confirmation email'; sale number, amount and period;
 * The sale number and the transaction number the success page shows, both labelled).
 * `registered` false: the buyer paid as a guest and gets the modules when an account is registered with this e-mail.
 */
export function purchaseConfirmationMail(m: { name: string; numeroVenta: string; reference: string; plan: string; total: number; vigenteHasta: Date | null; registered: boolean }) {
  const subject = MSG_PAGOS.correoConfirmacionAsunto(m.numeroVenta);
  const period = m.vigenteHasta ? `12 meses, hasta el ${formatDay(m.vigenteHasta)}` : '12 meses desde que registres tu cuenta';
  const next = m.registered
    ? 'Tu suscripción ya está activa: entra a Radica y abre el módulo Ministerio.'
    : 'Para usarla, crea tu cuenta en Radica con este mismo correo: el plan se activará al terminar el registro.';
  const lines = [
    `Hola ${m.name || 'Usuario'}:`,
    'Recibimos tu pago. Estos son los datos de tu compra:',
    `${MSG_PAGOS.etiquetaNumeroVenta}: ${m.numeroVenta}`,
    `${MSG_PAGOS.etiquetaNumeroTransaccion}: ${m.reference}`,
    `Plan: ${m.plan}`,
    `Valor pagado: ${formatCop(m.total)}`,
    `Periodo: ${period}`,
    next,
  ];
  const text = `${lines.join('\n\n')}\n\nRadica`;
  const html =
    `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p>Radica</p></body></html>`;
  return { subject, text, html };
}

/** The Business plan's contact form, as delivered to the sales mailbox. Every value is escaped. */
export function businessContactMail(m: { nombre: string; email: string; telefono: string; empresa: string; mensaje: string }) {
  const lines = [
    `Nombre: ${m.nombre}`,
    `Correo: ${m.email}`,
    `Teléfono: ${m.telefono || '—'}`,
    `Institución: ${m.empresa || '—'}`,
    `Mensaje:\n${m.mensaje}`,
  ];
  return {
    subject: `Plan Business: solicitud de ${m.nombre}${m.empresa ? ` (${m.empresa})` : ''}`.slice(0, 200),
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">${lines
      .map((l) => `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}
