import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { DateRangePicker, readDmy } from './date-range-picker';

function Harness({ initial = { from: '', to: '' }, spy = vi.fn() }) {
  const [range, setRange] = useState(initial);
  return (
    <>
      <DateRangePicker
        label="Fecha de creación"
        from={range.from}
        to={range.to}
        onChange={(r) => {
          spy(r);
          setRange(r);
        }}
      />
      <output data-testid="range">{`${range.from}|${range.to}`}</output>
    </>
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const range = () => screen.getByTestId('range').textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('date filters', () => {
  it('reads and shows dd/mm/aaaa whatever the locale', () => {
    expect(readDmy('24112026')).toEqual({ text: '24/11/2026', iso: '2026-11-24' });
    expect(readDmy('2411')).toEqual({ text: '24/11', iso: null });
    expect(readDmy('31/02/2026').iso).toBeNull();
    expect(readDmy('')).toEqual({ text: '', iso: '' });

    render(<Harness initial={{ from: '2026-03-05', to: '' }} />);
    expect(field('Fecha de creación desde').value).toBe('05/03/2026');
    expect(field('Fecha de creación desde').placeholder).toBe('dd/mm/aaaa');
    fireEvent.change(field('Fecha de creación hasta'), { target: { value: '2003' } });
    expect(field('Fecha de creación hasta').value).toBe('20/03');
    fireEvent.change(field('Fecha de creación hasta'), { target: { value: '20032026' } });
    expect(range()).toBe('2026-03-05|2026-03-20');
  });

  it('refuses a start after the end with a message, and applies nothing', () => {
    const spy = vi.fn();
    render(<Harness initial={{ from: '2026-03-05', to: '2026-03-20' }} spy={spy} />);
    fireEvent.change(field('Fecha de creación desde'), { target: { value: '25/03/2026' } });
    expect(screen.getByRole('alert').textContent).toBe(MSG_MINISTERIO.dateRangeReversed);
    expect(spy).not.toHaveBeenCalled();
    expect(range()).toBe('2026-03-05|2026-03-20');
    fireEvent.change(field('Fecha de creación desde'), { target: { value: '10/03/2026' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(range()).toBe('2026-03-10|2026-03-20');

    fireEvent.change(field('Fecha de creación hasta'), { target: { value: '31/02/2026' } });
    expect(screen.getByRole('alert').textContent).toBe(MSG_MINISTERIO.dateInvalid);
  });

  it('opens the calendar on the current month, never a future one, and a day clicked twice stays selected', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar rango: Fecha de creación' }));
    const dialog = screen.getByRole('dialog', { name: 'Fecha de creación' });
    const captions = [...dialog.querySelectorAll('.rdp-month_caption')].map((c) =>
      c.textContent?.toLowerCase(),
    );
    expect(captions).toEqual(['octubre 2026', 'noviembre 2026']);
    const next = within(dialog).getByRole('button', { name: 'Ir al mes siguiente' });
    expect(next.getAttribute('aria-disabled')).toBe('true');

    const day = () => within(dialog).getAllByRole('button', { name: /10 de noviembre/i })[0]!;
    fireEvent.click(day());
    expect(range()).toBe('2026-11-10|2026-11-10');
    fireEvent.click(day()); // react-day-picker alone would clear the range here
    expect(range()).toBe('2026-11-10|2026-11-10');
    fireEvent.click(day());
    expect(range()).toBe('2026-11-10|2026-11-10');
  });

  it('aligns the calendar with the right edge when it would run off the screen', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('role') === 'dialog')
        return DOMRect.fromRect({ x: 0, y: 0, width: 620, height: 360 });
      return DOMRect.fromRect({ x: 700, y: 100, width: 300, height: 60 });
    });
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar rango: Fecha de creación' }));
    const dialog = screen.getByRole('dialog', { name: 'Fecha de creación' });
    expect(window.innerWidth).toBeLessThan(700 + 620);
    expect(dialog.className).toMatch(/\bright-0\b/);
    expect(dialog.className).not.toMatch(/\bleft-0\b/);
  });
});
