import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TLoginData } from '@radica/contracts/auth';
import type { TLocationOption } from '../../../lib/location-search';
import type { TGoogleAuthResult } from '../api/google-auth';
import { useGoogleRegistration, type TGooglePending } from '../hooks/use-google-registration';
import { useManualRegistration } from '../hooks/use-manual-registration';
import { AllSet } from './all-set';
import { CreatingAccount } from './creating-account';
import { CredentialsStep, type TCredentialsStep } from './credentials-step';
import { GoogleCompletionForm } from './google-completion-form';
import { GoogleSignIn } from './google-sign-in';
import { EMPTY_TERCERO, TerceroStep, type TTerceroInput, type TTerceroValues } from './tercero-step';
import { VerificationStep } from './verification-step';

/** seed 000 §4: EmailValidation, TerceroForm (4 sub-steps), EmailVerification (manual), CreatingTenant. */
export type TRegisterStep = 'credentials' | 'tercero' | 'verification' | 'google' | 'creating' | 'done';

/**
 * Moves the focus to the new step's heading (its first h2, else `fallback`) whenever `stepKey` changes after the
 * first render, so keyboard and screen-reader users start each wizard step at its title (the focus went
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

/** The wizard's step container and progress label, with `useStepFocus` on them for `stepKey`. */
function useWizardFocus(stepKey: string) {
  const stepRef = useRef<HTMLDivElement>(null);
  const progressLabelRef = useRef<HTMLSpanElement>(null);
  useStepFocus(stepRef, progressLabelRef, stepKey);
  return { stepRef, progressLabelRef };
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

/** The props of `RegisterWizard`. */
type TRegisterWizardProps = {
  initialGoogle?: TGooglePending | null;
  isFromPayment: boolean;
  onGoToLogin: (email: string) => void;
  onLoggedIn: (data: TLoginData) => void;
  onLoginFailed: () => void;
  onGoogleRegistered: () => void;
  onContinueToPayment: () => void;
};

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
}: TRegisterWizardProps) {
  const [step, setStep] = useState<TRegisterStep>(initialGoogle ? 'google' : 'credentials');
  const [subStep, setSubStep] = useState(0);
  const [creatingStep, setCreatingStep] = useState(0);
  const [credentials, setCredentials] = useState<TCredentialsStep>({ email: '', password: '' });
  const [terceroDraft, setTerceroDraft] = useState<TTerceroInput>(EMPTY_TERCERO);
  const [location, setLocation] = useState<TLocationOption | null>(null);
  const [tercero, setTercero] = useState<TTerceroValues | null>(null);
  const [terceroError, setTerceroError] = useState<string | null>(null);
  const onCreating = () => {
    setCreatingStep(0);
    setStep('creating');
  };
  const manual = useManualRegistration({
    credentials,
    onCreating,
    setCreatingStep,
    onRegistrationFailed: (message) => {
      setTerceroError(message);
      setSubStep(0);
      setStep('tercero');
    },
    onLoggedIn,
    onLoginFailed,
  });
  const { google, googleError, onGoogleResult, onGoogleComplete, onGoogleCancel } = useGoogleRegistration({
    initialGoogle,
    onLoggedIn,
    onShow: () => setStep('google'),
    onCreating,
    setCreatingStep,
    onDone: () => setStep('done'),
    onCancel: () => setStep('credentials'),
  });

  const onTerceroDone = (values: TTerceroValues) => {
    setTercero(values);
    setTerceroDraft(values);
    setTerceroError(null);
    setStep('verification');
    void manual.requestCode(values, false);
  };

  const { stepRef, progressLabelRef } = useWizardFocus(`${step}-${subStep}`);

  return (
    <div className="space-y-6">
      <RegistrationProgress units={progressUnits(step, subStep)} labelRef={progressLabelRef} />

      <div ref={stepRef} className="space-y-6 [&_h2]:outline-none">
        {step === 'credentials' && (
          <CredentialsWithGoogle
            credentials={credentials}
            onGoogleResult={onGoogleResult}
            onGoToLogin={onGoToLogin}
            onDone={(values) => {
              setCredentials(values);
              setStep('tercero');
            }}
          />
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
            info={manual.codeInfo}
            error={manual.codeError}
            isSending={manual.isSending}
            isVerifying={manual.isVerifying}
            onResend={() => void manual.requestCode(tercero, true)}
            onVerify={(code) => void manual.onVerify(tercero, code)}
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
            onCancel={onGoogleCancel}
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

/** 'Paso N de 6' and the progress bar (seed 000 §9); the label takes the focus when a step has no heading. */
function RegistrationProgress({
  units,
  labelRef,
}: {
  units: number;
  labelRef: RefObject<HTMLSpanElement | null>;
}) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-slate-500">
        <span ref={labelRef} className="outline-none">
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
  );
}

/** The first step: 'Continuar con Google', or e-mail and password. */
function CredentialsWithGoogle({
  credentials,
  onGoogleResult,
  onGoToLogin,
  onDone,
}: {
  credentials: TCredentialsStep;
  onGoogleResult: (result: TGoogleAuthResult, token: string) => void;
  onGoToLogin: (email: string) => void;
  onDone: (values: TCredentialsStep) => void;
}) {
  return (
    <>
      <GoogleSignIn onResult={onGoogleResult} />
      <CredentialsStep defaultValues={credentials} onGoToLogin={onGoToLogin} onDone={onDone} />
    </>
  );
}
