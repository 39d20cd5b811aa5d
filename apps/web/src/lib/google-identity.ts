import type { TGoogleProfile as TGoogleIdentity } from '@radica/contracts/auth';
/**
 * Google Identity Services loader (seed 000 §7 "A third-party identity script is loaded"). The script
 * https://accounts.google.com/gsi/client is added only when the server reports a client id (GET /api/info).
 */
export const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export type TGoogleCredentialResponse = { credential?: string };
type TGoogleId = {
  initialize: (config: {
    client_id: string;
    callback: (response: TGoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
  }) => void;
  renderButton: (element: HTMLElement, options: Record<string, unknown>) => void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: TGoogleId } };
  }
}

let loading: Promise<TGoogleId> | null = null;

/** Load the GIS script once; resolves with `google.accounts.id`, rejects when it cannot load. */
export function loadGoogleIdentity(): Promise<TGoogleId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<TGoogleId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('GIS no disponible'));
    };
    script.onerror = () => reject(new Error('GIS no cargó'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The profile claims of a Google ID token (the contract's ZGoogleProfile) plus its subject. */
export type TGoogleProfile = TGoogleIdentity & { sub: string };

/**
 * The claims of a Google ID token read on the client (seed 000 §7: "user info … is read from its token on the
 * client") — display only; the server verifies the signature. Returns null for a malformed token.
 */
export function decodeGoogleToken(token: string): TGoogleProfile | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const s = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string) : '');
    if (!s('sub')) return null;
    return {
      sub: s('sub'),
      email: s('email'),
      name: s('name'),
      given_name: s('given_name'),
      family_name: s('family_name'),
      picture: s('picture'),
    };
  } catch {
    return null;
  }
}
