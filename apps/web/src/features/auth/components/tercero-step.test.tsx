import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@radica/contracts/messages';
import { EMPTY_TERCERO, TerceroStep } from './tercero-step';

function renderStep(subStep: number, onSubStepChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TerceroStep
        email="ips@prueba.co"
        defaultValues={EMPTY_TERCERO}
        subStep={subStep}
        onSubStepChange={onSubStepChange}
        onBack={vi.fn()}
        onDone={vi.fn()}
        error={null}
        location={null}
        onLocationChange={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return { onSubStepChange };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('TerceroStep (seed 000 §5 "Personal data")', () => {
  it('copies nombre into razonSocial until the user types one of its own', () => {
    renderStep(0);
    fireEvent.change(input('Nombre o nombre comercial'), { target: { value: 'I' } });
    fireEvent.change(input('Nombre o nombre comercial'), { target: { value: 'IPS Sur' } });
    expect(input('Razón social').value).toBe('IPS Sur');
    fireEvent.change(input('Razón social'), { target: { value: 'IPS del Sur S.A.S.' } });
    fireEvent.change(input('Nombre o nombre comercial'), { target: { value: 'IPS Sur 2' } });
    expect(input('Razón social').value).toBe('IPS del Sur S.A.S.');
  });

  it('requires the first name and surname before the next sub-step', async () => {
    const { onSubStepChange } = renderStep(0);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(MSG.primerNombreRequired)).toBeTruthy();
    expect(screen.getByText(MSG.primerApellidoRequired)).toBeTruthy();
    expect(onSubStepChange).not.toHaveBeenCalled();
  });

  it('offers CC, NI, CE, PA and computes the DV of a NIT', async () => {
    renderStep(1);
    const select = screen.getByLabelText('Tipo de identificación') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'CC', 'NI', 'CE', 'PA']);
    fireEvent.change(select, { target: { value: 'NI' } });
    fireEvent.change(input('Número de identificación'), { target: { value: '900373115' } });
    await waitFor(() => expect(input('DV').value).toBe('3'));
    fireEvent.change(select, { target: { value: 'CC' } });
    await waitFor(() => expect(input('DV').value).toBe(''));
  });

  it('shows the step checks of identification and location', async () => {
    const first = renderStep(1);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(
      await screen.findByText('Selecciona un tipo de documento', { selector: '[role="alert"] *' }),
    ).toBeTruthy();
    expect(first.onSubStepChange).not.toHaveBeenCalled();
  });

  it('does not accept typed location text without a chosen suggestion', async () => {
    const { onSubStepChange } = renderStep(2);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'Bucaramanga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Selecciona tu ciudad', { selector: '[role="alert"] *' })).toBeTruthy();
    expect(screen.queryByText('Selecciona tu país')).toBeNull();
    expect(onSubStepChange).not.toHaveBeenCalled();
  });
});
