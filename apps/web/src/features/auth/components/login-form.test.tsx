import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoginForm } from './login-form';

function renderForm(defaultEmail = '') {
  const onSuccess = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm
          defaultEmail={defaultEmail}
          registerTo={{ pathname: '/auth/register' }}
          onSuccess={onSuccess}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSuccess };
}

describe('LoginForm (seed 000 §5 "Login")', () => {
  it('shows the required messages and keeps the submit disabled', async () => {
    renderForm();
    const submit = screen.getByRole('button', { name: 'Iniciar sesión' });
    expect(submit).toHaveProperty('disabled', true);

    fireEvent.blur(screen.getByLabelText('Email'));
    fireEvent.blur(screen.getByLabelText('Contraseña'));
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    expect(await screen.findByText(MSG.passwordRequired)).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
  });

  it('asks for at least 6 characters and an e-mail format', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'no-es-email' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: '123' } });
    expect(await screen.findByText(MSG.passwordMin6)).toBeTruthy();
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Contraseña').getAttribute('aria-invalid')).toBe('true');
  });

  it('enables the submit once the form is valid', async () => {
    renderForm('ips@prueba.co');
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreto1' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByText(MSG.passwordMin6)).toBeNull();
  });

  it('shows and hides the password', () => {
    renderForm();
    const input = screen.getByLabelText('Contraseña');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('links to the account recovery and the registration', () => {
    renderForm();
    expect(screen.getByRole('link', { name: MSG.uiAccountRecoveryLink }).getAttribute('href')).toBe(
      '/auth/account-recovery',
    );
    expect(screen.getByRole('link', { name: 'Regístrate' }).getAttribute('href')).toBe('/auth/register');
  });
});
