import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TLoginData, TTerceroData } from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { getErrorMessage } from '../../../lib/http';
import type { TLocationOption } from '../../../lib/location-search';
import type { TGoogleAuthResult, TGoogleNotRegistered } from '../api/google-auth';
import { useLogin } from '../api/login';
import { useRegisterAccount } from '../api/register-account';
import { useSendVerificationCode } from '../api/send-verification-code';
import { useVerifyCode } from '../api/verify-code';
import { computeDv } from '@radica/contracts/nit';
import { decodeGoogleToken } from '../../../lib/google-identity';
import { AllSet } from './all-set';
import { CreatingAccount, runFakeProgress } from './creating-account';
import { CredentialsStep, type TCredentialsStep } from './credentials-step';
import {
  GoogleCompletionForm,
  GOOGLE_DEFAULT_LOCATION,
  type TGoogleCompletion,
} from './google-completion-form';
import { GoogleSignIn } from './google-sign-in';
import { EMPTY_TERCERO, TerceroStep, type TTerceroInput, type TTerceroValues } from './tercero-step';
import { VerificationStep } from './verification-step';

/** seed 000 §4: EmailValidation, TerceroForm (4 sub-steps), EmailVerification (manual), CreatingTenant. */
export type TRegisterStep = 'credentials' | 'tercero' | 'verification' | 'google' | 'creating' | 'done';

/**
 * Moves the focus to the new step's heading (its first h2, else `fallback`) whenever `stepKey` changes after the
 * first render, so keyboard and screen-reader users start each wizard step at its title (issue 17: the focus went
 * to the page body).
 */
export function useStepFocus(
  container: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
  stepKey: string,
) {
  const previous = useRef(stepKey);
  useEffect(() => {
    if (previous.current === stepKey) return;
    previous.current = stepKey;
    const target = container.current?.querySelector<HTMLElement>('h2') ?? fallback.current;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [container, fallback, stepKey]);
}

/** seed 000 §9: the progress bar counts 6 units. */
export const REGISTRATION_UNITS = 6;

/**
 * Progress units of a step (seed 000 §4 "Progress is step count over 6"): e-mail 1, personal data 2–5 (one per
 * sub-step), verification and later 6. The Google completion counts as the personal data.
 */
export function progressUnits(step: TRegisterStep, subStep: number): number {
  if (step === 'credentials') return 1;
  if (step === 'tercero') return 2 + Math.min(Math.max(subStep, 0), 3);
  if (step === 'google') return 2;
  return REGISTRATION_UNITS;
}

/** Split a Google display name into the registration name parts (given/family names win when present). */
export function googleNameParts(profile: Pick<TGoogleNotRegistered, 'name' | 'given_name' | 'family_name'>) {
  const words = profile.name.trim().split(/\s+/).filter(Boolean);
  const primerNombre = profile.given_name.trim().split(/\s+/)[0] || words[0] || 'Usuario';
  const primerApellido =
    profile.family_name.trim().split(/\s+/)[0] || words.slice(1).join(' ') || primerNombre;
  return { primerNombre, primerApellido };
}

/**
 * The registration wizard (seed 000 §2, §4): e-mail and password (or Google) → personal data (4 sub-steps) →
 * e-mail code → fake progress 4 × 1 s → registration → automatic login (fallback: the login with 'Registro
 * completado exitosamente…'). A failed registration returns to the personal data. Google: completion form →
 * progress → registration → 'Todo listo'.
 */
export function RegisterWizard({
  initialGoogle = null,
  isFromPayment,
  onGoToLogin,
  onLoggedIn,
  onLoginFailed,
  onGoogleRegistered,
  onContinueToPayment,
}: {
  initialGoogle?: { profile: TGoogleNotRegistered; token: string } | null;
  isFromPayment: boolean;
  onGoToLogin: (email: string) => void;
  onLoggedIn: (data: TLoginData) => void;
  onLoginFailed: () => void;
  onGoogleRegistered: () => void;
  onContinueToPayment: () => void;
}) {
  const [step, setStep] = useState<TRegisterStep>(initialGoogle ? 'google' : 'credentials');
  const [subStep, setSubStep] = useState(0);
  const [creatingStep, setCreatingStep] = useState(0);
  const [credentials, setCredentials] = useState<TCredentialsStep>({ email: '', password: '' });
  const [terceroDraft, setTerceroDraft] = useState<TTerceroInput>(EMPTY_TERCERO);
  const [location, setLocation] = useState<TLocationOption | null>(null);
  const [tercero, setTercero] = useState<TTerceroValues | null>(null);
  const [terceroError, setTerceroError] = useState<string | null>(null);
  const [codeInfo, setCodeInfo] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [google, setGoogle] = useState<{ profile: TGoogleNotRegistered; token: string } | null>(
    initialGoogle,
  );
  const [googleError, setGoogleError] = useState<string | null>(null);

  const sendCode = useSendVerificationCode();
  const verify = useVerifyCode();
  const registerAccount = useRegisterAccount();
  const loginMutation = useLogin();

  const requestCode = async (values: TTerceroValues | null, isResend: boolean) => {
    setCodeError(null);
    setCodeInfo(null);
    // The mail greets the person by the name just typed, not by the e-mail's local part.
    const nombre = values ? [values.primerNombre, values.primerApellido].filter(Boolean).join(' ') : '';
    const companyName = values?.razonSocial || values?.nombre || '';
    try {
      const message = await sendCode.mutateAsync({ email: credentials.email, nombre, companyName });
      setCodeInfo(message || MSG.codeSent);
    } catch (error) {
      setCodeError(getErrorMessage(error, isResend ? MSG.codeResendError : MSG.codeSendError));
    }
  };

  const onTerceroDone = (values: TTerceroValues) => {
    setTercero(values);
    setTerceroDraft(values);
    setTerceroError(null);
    setStep('verification');
    void requestCode(values, false);
  };

  const onVerify = async (code: string) => {
    if (!tercero) return;
    setCodeError(null);
    let verificationToken: string;
    try {
      verificationToken = await verify.mutateAsync({ email: credentials.email, code });
    } catch (error) {
      setCodeError(getErrorMessage(error, MSG.codeVerifyError));
      return;
    }
    setCreatingStep(0);
    setStep('creating');
    await runFakeProgress(setCreatingStep);
    try {
      await registerAccount.mutateAsync({
        terceroData: tercero,
        credentialData: {
          credentialType: 'manual',
          email: credentials.email,
          password: credentials.password,
          verificationToken,
        },
      });
    } catch (error) {
      setTerceroError(getErrorMessage(error, MSG.registrationError));
      setCodeInfo(null);
      setSubStep(0);
      setStep('tercero');
      return;
    }
    try {
      const data = await loginMutation.mutateAsync({
        email: credentials.email,
        password: credentials.password,
        rememberMe: false,
      });
      onLoggedIn(data);
    } catch {
      onLoginFailed();
    }
  };

  const onGoogleResult = (result: TGoogleAuthResult, token: string) => {
    if (result.kind === 'logged-in') {
      onLoggedIn(result.data);
      return;
    }
    setGoogle({ profile: result.profile, token });
    setGoogleError(null);
    setStep('google');
  };

  const onGoogleComplete = async (values: TGoogleCompletion) => {
    if (!google) return;
    if (!google.token) {
      setGoogleError(MSG_CUENTAS.googleTokenMissing);
      return;
    }
    const claims = decodeGoogleToken(google.token);
    const { primerNombre, primerApellido } = googleNameParts(google.profile);
    const terceroData: TTerceroData = {
      ...EMPTY_TERCERO,
      ...GOOGLE_DEFAULT_LOCATION,
      nombre: google.profile.name || values.razonSocial,
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
      email: google.profile.email,
    };
    setCreatingStep(0);
    setStep('creating');
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
      setGoogleError(getErrorMessage(error, MSG_CUENTAS.googleRegistrationError));
      setStep('google');
      return;
    }
    setStep('done');
  };

  const units = progressUnits(step, subStep);
  const stepRef = useRef<HTMLDivElement>(null);
  const progressLabelRef = useRef<HTMLSpanElement>(null);
  useStepFocus(stepRef, progressLabelRef, `${step}-${subStep}`);

  return (
    <div className="space-y-6">
      <div>
        <div className="mb-1 flex justify-between text-xs text-slate-500">
          <span ref={progressLabelRef} className="outline-none">
            Paso {units} de {REGISTRATION_UNITS}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Progreso del registro"
          aria-valuemin={0}
          aria-valuemax={REGISTRATION_UNITS}
          aria-valuenow={units}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-500 transition-all"
            style={{ width: `${(units / REGISTRATION_UNITS) * 100}%` }}
          />
        </div>
      </div>

      <div ref={stepRef} className="space-y-6 [&_h2]:outline-none">
        {step === 'credentials' && (
          <>
            <GoogleSignIn onResult={onGoogleResult} />
            <CredentialsStep
              defaultValues={credentials}
              onGoToLogin={onGoToLogin}
              onDone={(values) => {
                setCredentials(values);
                setStep('tercero');
              }}
            />
          </>
        )}
        {step === 'tercero' && (
          <TerceroStep
            email={credentials.email}
            defaultValues={terceroDraft}
            subStep={subStep}
            onSubStepChange={setSubStep}
            location={location}
            onLocationChange={setLocation}
            error={terceroError}
            onBack={(values) => {
              setTerceroDraft(values);
              setStep('credentials');
            }}
            onDone={onTerceroDone}
          />
        )}
        {step === 'verification' && (
          <VerificationStep
            email={credentials.email}
            info={codeInfo}
            error={codeError}
            isSending={sendCode.isPending}
            isVerifying={verify.isPending}
            onResend={() => void requestCode(tercero, true)}
            onVerify={(code) => void onVerify(code)}
            onBack={() => {
              setSubStep(3);
              setStep('tercero');
            }}
          />
        )}
        {step === 'google' && google && (
          <GoogleCompletionForm
            profile={google.profile}
            error={googleError}
            onSubmit={(values) => void onGoogleComplete(values)}
            onCancel={() => {
              setGoogle(null);
              setStep('credentials');
            }}
          />
        )}
        {step === 'creating' && <CreatingAccount step={creatingStep} />}
        {step === 'done' && (
          <AllSet
            isFromPayment={isFromPayment}
            onContinueToPayment={onContinueToPayment}
            onGoToLogin={onGoogleRegistered}
          />
        )}
      </div>
    </div>
  );
}
