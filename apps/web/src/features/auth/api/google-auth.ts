import { useMutation } from '@tanstack/react-query';
import { ZGoogleProfile, type TGoogleProfile, type TLoginData } from '@radica/contracts/auth';
import { HttpError } from '../../../lib/http';
import { apiCall, routes } from '../../../lib/api-client';

/** The Google identity of a token that has no Radica account yet (404 GOOGLE_NOT_REGISTERED data, contracts ZGoogleProfile). */
export type TGoogleNotRegistered = TGoogleProfile;
export type TGoogleAuthResult =
  { kind: 'logged-in'; data: TLoginData } | { kind: 'not-registered'; profile: TGoogleNotRegistered };

const s = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * POST /api/Auth/google { googleToken } (seed 000 §7): login data like /api/Auth/login, or — answered 404 with
 * code GOOGLE_NOT_REGISTERED — the identity to complete the registration. Other failures throw HttpError.
 */
export async function googleAuth(googleToken: string): Promise<TGoogleAuthResult> {
  try {
    const envelope = await apiCall(routes.auth.google, { body: { googleToken } });
    return { kind: 'logged-in', data: envelope.data };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404 && error.code === 'GOOGLE_NOT_REGISTERED') {
      const d = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as Record<string, unknown>;
      const profile = ZGoogleProfile.parse({
        email: s(d.email),
        name: s(d.name),
        given_name: s(d.given_name),
        family_name: s(d.family_name),
        picture: s(d.picture),
      });
      return { kind: 'not-registered', profile };
    }
    throw error;
  }
}

export function useGoogleAuth() {
  return useMutation({ mutationFn: googleAuth });
}
