import { describe, expect, it } from 'vitest';
import { PLANES } from '@radica/contracts/plans';
import { PUESTOS_POR_PLAN } from '@radica/contracts/usuarios';
import { responderConArticulos } from './asistente.ts';

/** The chat's price and payment answers match the purchase form and read as short lines. */
describe('chat answers about price and payment', () => {
  it('does not promise card instalments: the form charges one payment (installments: 1)', () => {
    for (const pregunta of ['¿puedo pagar a cuotas con tarjeta de crédito?', 'que medios de pago aceptan? tienen pse o nequi']) {
      const r = responderConArticulos(pregunta, 'sales');
      expect(r.articulos.map((a) => a.id)).toContain('medios-de-pago');
      expect(r.output).not.toMatch(/en cuotas si|diferir/i);
      expect(r.output).toContain('en un solo pago (sin cuotas)');
    }
  });

  it('gives the price answer as short lines: one per plan fact and one per feature', () => {
    const r = responderConArticulos('¿Cuánto cuesta el plan Profesional?', 'sales');
    expect(r.articulos[0]?.id).toBe('planes-precios');
    const lines = r.output.split('\n');
    expect(lines).toContain('**Profesional**: $400.000 COP por 12 meses.');
    for (const f of PLANES.profesional.features) expect(lines).toContain(`- ${f}`);
    for (const f of PLANES.business.features) expect(lines).toContain(`- ${f}`);
    // No run-on: every line of the answer fits a chat bubble line or two.
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(110);
  });

  it('says how many users Business includes, the seats the users page enforces', () => {
    for (const pregunta of ['¿Cuántos usuarios incluye el plan Business?', 'que trae el plan business', '¿Cuánto cuesta el plan Profesional?']) {
      const r = responderConArticulos(pregunta, 'sales');
      expect(r.articulos[0]?.id).toBe('planes-precios');
      expect(r.output).toContain(`- Módulo multiusuario: hasta ${PUESTOS_POR_PLAN.business} usuarios`);
    }
    expect(PUESTOS_POR_PLAN.business).toBe(10);
  });
});
