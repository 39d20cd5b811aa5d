import type { TUser } from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';

/** The name shown for a user: their name, else the tenant validator, else 'Usuario' (seed 000 §2 "App shell"). */
export function displayName(user: TUser | null): string {
  return user?.name?.trim() || user?.tenant.validator || MSG.uiDefaultUserName;
}

/** Initials of the first two words of a name: 'Ana María Pérez' → 'AM'. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('es-CO'))
    .join('');
}
