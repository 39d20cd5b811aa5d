import { useState } from 'react';
import type { TLoginData } from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';
import { getErrorMessage } from '../../../lib/http';
import { useLogin } from '../api/login';
import { useRegisterAccount } from '../api/register-account';
import { useSendVerificationCode } from '../api/send-verification-code';
import { useVerifyCode } from '../api/verify-code';
import { runFakeProgress } from '../components/creating-account';
import type { TCredentialsStep } from '../components/credentials-step';
import type { TTerceroValues } from '../components/tercero-step';

/**
 * The e-mail side of the registration (seed 000 §4): `requestCode` sends the verification code (the mail greets the
 * person by the name just typed); `onVerify` checks the code, runs the fake progress (`onCreating`, then
 * `setCreatingStep` 4 × 1 s), registers, and signs in automatically (`onLoggedIn`, else `onLoginFailed`). A failed
 * registration calls `onRegistrationFailed` with its message.
 */
export function useManualRegistration({
  credentials,
  onCreating,
  setCreatingStep,
  onRegistrationFailed,
  onLoggedIn,
  onLoginFailed,
}: {
  credentials: TCredentialsStep;
  onCreating: () => void;
  setCreatingStep: (step: number) => void;
  onRegistrationFailed: (message: string) => void;
  onLoggedIn: (data: TLoginData) => void;
  onLoginFailed: () => void;
}) {
  const [codeInfo, setCodeInfo] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
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

  const onVerify = async (tercero: TTerceroValues | null, code: string) => {
    if (!tercero) return;
    setCodeError(null);
    let verificationToken: string;
    try {
      verificationToken = await verify.mutateAsync({ email: credentials.email, code });
    } catch (error) {
      setCodeError(getErrorMessage(error, MSG.codeVerifyError));
      return;
    }
    onCreating();
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
      setCodeInfo(null);
      onRegistrationFailed(getErrorMessage(error, MSG.registrationError));
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

  return {
    codeInfo,
    codeError,
    isSending: sendCode.isPending,
    isVerifying: verify.isPending,
    requestCode,
    onVerify,
  };
}
