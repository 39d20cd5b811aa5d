/** Radica's support mailbox (the seeds show mailto links without an address; this one is Radica's). */
export const SUPPORT_EMAIL = 'soporte@radica.co';

/** A mailto link to support with a subject. */
export function supportMailto(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
