import { useState } from 'react';
import type { TLoginData } from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';
import { getErrorMessage } from '../../../lib/http';
import { useLogin } from '../api/login';
import { useRegisterAccount } from '../api/register-account';
import { useSendVerificationCode } from '../api/send-verification-code';
import { useVerifyCode } from '../api/verify-code';
import { CreatingAccount } from './creating-account';
import { CredentialsStep, type TCredentialsStep } from './credentials-step';
import { EMPTY_TERCERO, TerceroStep, type TTerceroInput, type TTerceroValues } from './tercero-step';
import { VerificationStep } from './verification-step';

type Step = 'credentials' | 'tercero' | 'verification' | 'creating';

/** seed 000 §9: the progress bar counts 6 units (e-mail, four personal-data sub-steps, verification). */
export const REGISTRATION_UNITS = 6;

export function progressUnits(step: Step, subStep: number): number {
  if (step === 'credentials') return 1;
  if (step === 'tercero') return 2 + subStep;
  return REGISTRATION_UNITS;
}

/**
 * The manual registration (seed 000 §2, §4): e-mail and password → personal data (4 sub-steps) →
 * e-mail code → registration → automatic login. A failed registration returns to the personal data.
 */
export function RegisterWizard({
  onGoToLogin,
  onLoggedIn,
  onLoginFailed,
}: {
  onGoToLogin: (email: string) => void;
  onLoggedIn: (data: TLoginData) => void;
  onLoginFailed: () => void;
}) {
  const [step, setStep] = useState<Step>('credentials');
  const [subStep, setSubStep] = useState(0);
  const [credentials, setCredentials] = useState<TCredentialsStep>({ email: '', password: '' });
  const [terceroDraft, setTerceroDraft] = useState<TTerceroInput>(EMPTY_TERCERO);
  const [tercero, setTercero] = useState<TTerceroValues | null>(null);
  const [terceroError, setTerceroError] = useState<string | null>(null);
  const [codeInfo, setCodeInfo] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const sendCode = useSendVerificationCode();
  const verify = useVerifyCode();
  const registerAccount = useRegisterAccount();
  const loginMutation = useLogin();

  const requestCode = async (companyName: string, isResend: boolean) => {
    setCodeError(null);
    setCodeInfo(null);
    try {
      const message = await sendCode.mutateAsync({ email: credentials.email, companyName });
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
    void requestCode(values.razonSocial || values.nombre, false);
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
    setStep('creating');
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

  const units = progressUnits(step, subStep);

  return (
    <div className="space-y-6">
      <div>
        <div className="mb-1 flex justify-between text-xs text-slate-500">
          <span>
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

      {step === 'credentials' && (
        <CredentialsStep
          defaultValues={credentials}
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
          onResend={() => void requestCode(tercero?.razonSocial || tercero?.nombre || '', true)}
          onVerify={(code) => void onVerify(code)}
          onBack={() => {
            setSubStep(3);
            setStep('tercero');
          }}
        />
      )}
      {step === 'creating' && <CreatingAccount />}
    </div>
  );
}
