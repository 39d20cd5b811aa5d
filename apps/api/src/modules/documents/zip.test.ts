import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { leerZip, reservarDescompresion, ZIP_MAX_DESCOMPRIMIDO } from './zip.ts';

/** The channels' ZIP reader's budget and names, and the tenant's in-flight budget. */
describe('ZIP reading', () => {
  it('stops at the budget it is given and says so; counts what it inflated; cleans control characters from entry names', () => {
    const zeros = new Uint8Array(4_000_000);
    const zip = zipSync({ 'a.json': zeros, 'b.json': zeros, 'c.json': zeros }, { level: 9 });
    const whole = leerZip('z.zip', zip);
    expect(whole).toMatchObject({ ok: true, descomprimido: 12_000_000 });
    const capped = leerZip('z.zip', zip, { maxTotal: 5_000_000 });
    expect(capped).toMatchObject({ ok: false, excedido: true, mensaje: MSG_CORREO.archivoZipDescomprimido(50) });
    // It stops within one fed piece past the budget (16 KB compressed: at most 1032 times that inflated).
    expect(capped.descomprimido).toBeGreaterThan(5_000_000);
    expect(capped.descomprimido).toBeLessThan(5_000_000 + 16_384 * 1032);
    // The budget never exceeds the per-ZIP cap, whatever is asked.
    expect(leerZip('z.zip', zip, { maxTotal: 10 * ZIP_MAX_DESCOMPRIMIDO })).toMatchObject({ ok: true });

    const named = leerZip('n.zip', zipSync({ 'lote/a\u0000b\u001b.xml': new TextEncoder().encode('<a/>') }));
    expect(named.ok && named.archivos.map((a) => a.filename)).toEqual(['a_b_.xml']);
  });

  it("a tenant holds at most two ZIPs' budget at once: a third waits in order until one is shrunk or released", async () => {
    const tenant = 987_654;
    const db = {};
    const first = await reservarDescompresion(db, tenant);
    const second = await reservarDescompresion(db, tenant);
    let third = false;
    const waiting = reservarDescompresion(db, tenant).then((r) => {
      third = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    // The first kept 1 MB once read: 1 MB + 50 MB + 50 MB is still over two budgets.
    first.ajustar(1_048_576);
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    // The second is filed and released: the third goes.
    second.liberar();
    const r3 = await waiting;
    expect(third).toBe(true);
    // Another tenant is not affected, nor the same tenant id in another database.
    (await reservarDescompresion(db, tenant + 1)).liberar();
    (await reservarDescompresion({}, tenant)).liberar();
    for (const r of [first, second, r3]) r.liberar();
    // Released twice changes nothing: the full budget is free again.
    first.liberar();
    const again = [await reservarDescompresion(db, tenant), await reservarDescompresion(db, tenant)];
    for (const r of again) r.liberar();
  });
});
