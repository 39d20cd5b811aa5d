/** Spanish HTML + text bodies of the account code e-mails (issue 3 "Mail"). Values are HTML-escaped. */

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
