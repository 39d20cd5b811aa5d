import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { CredentialsStep } from './credentials-step';
import { RegisterWizard } from './register-wizard';
import { VerificationStep } from './verification-step';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

afterEach(() => vi.unstubAllGlobals());

describe('registration wizard details', () => {
  it('moves the focus to the heading of each new step and sub-step', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.includes('check-email')
          ? json({ success: true, data: { isAvailable: true, email: 'ips@prueba.co' } })
          : json({ success: true, data: {} }),
      ),
    );
    wrap(
      <RegisterWizard
        isFromPayment={false}
        onGoToLogin={vi.fn()}
        onLoggedIn={vi.fn()}
        onLoginFailed={vi.fn()}
        onGoogleRegistered={vi.fn()}
        onContinueToPayment={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ips@prueba.co' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Clave-Segura-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    const heading = await screen.findByRole('heading', { level: 2, name: /Datos personales/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    fireEvent.change(screen.getByLabelText(/Primer nombre/), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText(/Primer apellido/), { target: { value: 'Gómez' } });
    screen.getByRole('button', { name: 'Siguiente' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText(/\(2 de 4\)/);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: /Datos personales/ }),
      ),
    );
  });

  it("does not say 'La contraseña es obligatoria' before anything is typed, only after a submit", async () => {
    wrap(
      <CredentialsStep defaultValues={{ email: '', password: '' }} onDone={vi.fn()} onGoToLogin={vi.fn()} />,
    );
    expect(screen.queryByText(MSG.passwordObligatoria)).toBeNull();
    expect(screen.getByText(MSG_CUENTAS.passwordRequirementsHint)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ips@prueba.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(MSG.passwordObligatoria)).toBeTruthy();
  });

  it('a weak password shows one message under the field, the missing requirements, not two', async () => {
    wrap(<CredentialsStep defaultValues={{ email: '', password: '' }} onDone={vi.fn()} onGoToLogin={vi.fn()} />);
    const input = screen.getByLabelText('Contraseña');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    const falta = 'Falta: al menos 8 caracteres, un número, un símbolo (!@#$%^&*…)';
    // Once the field is checked, its one message is the field's error, announced with the field.
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(falta).id).toBe('register-password-error');
    expect(screen.getAllByText(/Falta:|al menos 8 caracteres/)).toHaveLength(1);
    expect(screen.queryByText(MSG.passwordMin8)).toBeNull();
    expect(input.getAttribute('aria-describedby')).toContain('register-password-error');
    fireEvent.change(input, { target: { value: 'abcdefgh1' } });
    expect(await screen.findByText('Falta: un símbolo (!@#$%^&*…)')).toBeTruthy();
    expect(screen.getAllByText(/Falta:/)).toHaveLength(1);
  });

  it('keeps only digits in the verification code, typed or pasted', () => {
    wrap(
      <VerificationStep
        email="ips@prueba.co"
        info={null}
        error={null}
        isSending={false}
        isVerifying={false}
        onResend={vi.fn()}
        onVerify={vi.fn()}
        onBack={vi.fn()}
      />,
    );
    const code = screen.getByLabelText('Código de verificación') as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'ab1c2' } });
    expect(code.value).toBe('12');
    fireEvent.change(code, { target: { value: '123 456 789' } });
    expect(code.value).toBe('123456');
  });
});
