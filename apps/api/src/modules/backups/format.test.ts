import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import { HEADER_BYTES, decryptedStream, encryptStream, verifyBackup } from './format.ts';

const dir = mkdtempSync(join(tmpdir(), 'radica-rbk-'));
const key = randomBytes(32);

/** Encrypt `plain` (in several chunks, as a stream) into a new .rbk file; returns its path. */
async function seal(plain: Buffer, kind: 'pglite' | 'pg_dump' = 'pglite', master = key): Promise<string> {
  const path = join(dir, `${randomBytes(4).toString('hex')}.rbk`);
  const chunks = [];
  for (let i = 0; i < plain.length; i += 65_536) chunks.push(plain.subarray(i, i + 65_536));
  await pipeline(Readable.from(chunks), encryptStream(master, kind), createWriteStream(path));
  return path;
}

async function open(path: string, master = key): Promise<Buffer> {
  const { stream } = await decryptedStream(path, master);
  const out: Buffer[] = [];
  for await (const c of stream) out.push(c as Buffer);
  return Buffer.concat(out);
}

describe('.rbk format (encrypted at rest, refuse a tampered file)', () => {
  it('round-trips 1 MB in chunks and an empty snapshot; the ciphertext shows nothing of the plaintext', async () => {
    const plain = Buffer.concat([Buffer.from('CUV-secreto '.repeat(1000)), randomBytes(1_000_000)]);
    const path = await seal(plain, 'pg_dump');
    const file = readFileSync(path);
    expect(file.length).toBe(HEADER_BYTES + plain.length + 16);
    expect(file.subarray(0, 8).toString()).toBe('RADICABK');
    expect(file.includes(Buffer.from('CUV-secreto'))).toBe(false);
    expect(await verifyBackup(path, key)).toEqual({ kind: 'pg_dump', bodyBytes: plain.length });
    expect((await open(path)).equals(plain)).toBe(true);
    const empty = await seal(Buffer.alloc(0));
    expect((await verifyBackup(empty, key)).kind).toBe('pglite');
    expect((await open(empty)).length).toBe(0);
  });

  it('refuses a file with any byte changed: body, tag, kind, salt or iv; or cut short', async () => {
    const path = await seal(randomBytes(200_000));
    const good = readFileSync(path);
    const flips = { body: HEADER_BYTES + 150_000, tag: good.length - 3, kind: 9, salt: 20, iv: HEADER_BYTES - 2 };
    for (const [what, at] of Object.entries(flips)) {
      const bad = Buffer.from(good);
      bad[at] = bad[at]! ^ 0x01;
      const p = join(dir, `bad-${what}.rbk`);
      writeFileSync(p, bad);
      await expect(verifyBackup(p, key), what).rejects.toMatchObject({ code: 'BACKUP_INVALID', message: MSG_BACKUPS.copiaAlterada });
      await expect(open(p), what).rejects.toMatchObject({ code: 'BACKUP_INVALID' });
    }
    const cut = join(dir, 'cut.rbk');
    writeFileSync(cut, good.subarray(0, good.length - 1000));
    await expect(verifyBackup(cut, key)).rejects.toMatchObject({ message: MSG_BACKUPS.copiaAlterada });
    writeFileSync(cut, good.subarray(0, 40));
    await expect(verifyBackup(cut, key)).rejects.toMatchObject({ message: MSG_BACKUPS.noEsCopia(cut) });
  });

  it('tells a wrong key, a foreign file, an unknown version and a missing file apart', async () => {
    const path = await seal(randomBytes(1000));
    await expect(verifyBackup(path, randomBytes(32))).rejects.toMatchObject({ message: MSG_BACKUPS.claveNoCorresponde });
    const foreign = join(dir, 'foreign.rbk');
    writeFileSync(foreign, randomBytes(5000));
    await expect(verifyBackup(foreign, key)).rejects.toMatchObject({ message: MSG_BACKUPS.noEsCopia(foreign) });
    const v2 = Buffer.from(readFileSync(path));
    v2[8] = 2;
    writeFileSync(foreign, v2);
    await expect(verifyBackup(foreign, key)).rejects.toMatchObject({ message: MSG_BACKUPS.versionDesconocida(2) });
    await expect(verifyBackup(join(dir, 'nada.rbk'), key)).rejects.toMatchObject({ message: MSG_BACKUPS.archivoNoExiste(join(dir, 'nada.rbk')) });
  });
});
