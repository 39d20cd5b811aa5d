import { useState } from 'react';
import type { TLoginData, TTerceroData } from '@radica/contracts/auth';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { computeDv } from '@radica/contracts/nit';
import { decodeGoogleToken } from '../../../lib/google-identity';
import { getErrorMessage } from '../../../lib/http';
import type { TGoogleAuthResult, TGoogleNotRegistered } from '../api/google-auth';
import { useRegisterAccount } from '../api/register-account';
import { runFakeProgress } from '../components/creating-account';
import { GOOGLE_DEFAULT_LOCATION, type TGoogleCompletion } from '../components/google-completion-form';
import { EMPTY_TERCERO } from '../components/tercero-step';

/** Split a Google display name into the registration name parts (given/family names win when present). */
export function googleNameParts(profile: Pick<TGoogleNotRegistered, 'name' | 'given_name' | 'family_name'>) {
  const words = profile.name.trim().split(/\s+/).filter(Boolean);
  const primerNombre = profile.given_name.trim().split(/\s+/)[0] || words[0] || 'Usuario';
  const primerApellido =
    profile.family_name.trim().split(/\s+/)[0] || words.slice(1).join(' ') || primerNombre;
  return { primerNombre, primerApellido };
}

/**
 * The registration's person or company from a Google profile and the completion form: the profile's name and e-mail,
 * the form's legal name and identification (a NIT gets its DV), Google's default location, nothing else.
 */
function googleTerceroData(profile: TGoogleNotRegistered, values: TGoogleCompletion): TTerceroData {
  const { primerNombre, primerApellido } = googleNameParts(profile);
  return {
    ...EMPTY_TERCERO,
    ...GOOGLE_DEFAULT_LOCATION,
    nombre: profile.name || values.razonSocial,
    razonSocial: values.razonSocial,
    primerNombre,
    segundoNombre: '',
    primerApellido,
    segundoApellido: '',
    tipoIdentidad: values.tipoIdentidad,
    numeroIdentificacion: values.numeroIdentificacion,
    dv: values.tipoIdentidad === 'NI' ? computeDv(values.numeroIdentificacion) : '',
    direccion: '',
    telefono: '',
    observaciones: '',
    email: profile.email,
  };
}

/** A Google account that is not registered yet: its profile and the ID token that proves it. */
export type TGooglePending = { profile: TGoogleNotRegistered; token: string };

/**
 * The Google side of the registration (seed 000 §4). `onGoogleResult`: a registered account signs in
 * (`onLoggedIn`); a new one opens the completion form (`onShow`). `onGoogleComplete` runs the fake progress
 * (`onCreating`, then `setCreatingStep`), registers with the Google token and calls `onDone`; a missing token or a
 * failed registration shows its message on the completion form again. `onGoogleCancel` forgets the account
 * (`onCancel`).
 */
export function useGoogleRegistration({
  initialGoogle,
  onLoggedIn,
  onShow,
  onCreating,
  setCreatingStep,
  onDone,
  onCancel,
}: {
  initialGoogle: TGooglePending | null;
  onLoggedIn: (data: TLoginData) => void;
  onShow: () => void;
  onCreating: () => void;
  setCreatingStep: (step: number) => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [google, setGoogle] = useState<TGooglePending | null>(initialGoogle);
  const [googleError, setGoogleError] = useState<string | null>(null);
  const registerAccount = useRegisterAccount();
  const onFailed = (message: string) => {
    setGoogleError(message);
    onShow();
  };

  const onGoogleResult = (result: TGoogleAuthResult, token: string) => {
    if (result.kind === 'logged-in') {
      onLoggedIn(result.data);
      return;
    }
    setGoogle({ profile: result.profile, token });
    setGoogleError(null);
    onShow();
  };

  const onGoogleComplete = async (values: TGoogleCompletion) => {
    if (!google) return;
    if (!google.token) {
      onFailed(MSG_CUENTAS.googleTokenMissing);
      return;
    }
    const claims = decodeGoogleToken(google.token);
    const terceroData = googleTerceroData(google.profile, values);
    onCreating();
    await runFakeProgress(setCreatingStep);
    try {
      await registerAccount.mutateAsync({
        terceroData,
        credentialData: {
          credentialType: 'google',
          email: google.profile.email,
          googleToken: google.token,
          googleId: claims?.sub ?? '',
          emailGoogle: google.profile.email,
        },
      });
    } catch (error) {
      onFailed(getErrorMessage(error, MSG_CUENTAS.googleRegistrationError));
      return;
    }
    onDone();
  };

  const onGoogleCancel = () => {
    setGoogle(null);
    onCancel();
  };

  return { google, googleError, onGoogleResult, onGoogleComplete, onGoogleCancel };
}
