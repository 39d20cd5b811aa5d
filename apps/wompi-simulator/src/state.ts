import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { TWompiEvent, TWompiTransaction } from '@radica/contracts/wompi';
import type { TAcceptanceType } from './acceptance.ts';
import type { TCardBrand, TSandboxOutcome } from './cards.ts';

/** A transaction as the simulator remembers it (and writes it to the state file). */
export type TTransactionRecord = {
  /** What `GET /v1/transactions/:id` answers. */
  transaction: TWompiTransaction;
  /**
   * The final status the sandbox data implies (card token, Nequi phone, PSE bank), applied after `resolveDelayMs`
   * (CARD, NEQUI) or when the buyer continues on the checkout page (PSE). `null` for BANCOLOMBIA_TRANSFER: the buyer
   * picks it there.
   */
  outcome: TSandboxOutcome | null;
  /** The last event built for it: `/_control/resend-event` sends exactly this body again. */
  lastEvent: TWompiEvent | null;
};

/** An acceptance token on record (the token itself is signed; only its id, type and expiry are kept). */
export type TIssuedAcceptance = { jit: string; type: TAcceptanceType; exp: number };

/** A card token. Holds no card number and no CVC: only what a payment with it will do. */
export type TCardTokenRecord = {
  id: string;
  outcome: TSandboxOutcome;
  brand: TCardBrand;
  lastFour: string;
  isUsed: boolean;
};

type TStateFile = { version: 1; transactions: TTransactionRecord[]; acceptances: TIssuedAcceptance[] };

/**
 * Transactions, acceptance tokens and card tokens of one simulator, in memory. Transactions and acceptance tokens are
 * optionally mirrored to a JSON file, written whole and atomically (temporary file + rename), one write at a time;
 * card tokens live in memory only (short-lived, like the gateway's). Reads and inserts are synchronous so a
 * "reference already used" check and the insert that follows it can never interleave with another request.
 */
export class WompiStateStore {
  private readonly transactions = new Map<string, TTransactionRecord>();
  private readonly references = new Set<string>();
  private readonly acceptances = new Map<string, TIssuedAcceptance>();
  private readonly cardTokens = new Map<string, TCardTokenRecord>();
  private writeChain: Promise<void> = Promise.resolve();

  constructor(private readonly stateFile: string | null) {}

  /**
   * Loads the state file when there is one; a missing file means an empty state.
   * @throws Error when the file exists but is not a state file written by this simulator.
   */
  async load(): Promise<void> {
    if (!this.stateFile) return;
    let text: string;
    try {
      text = await readFile(this.stateFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<TStateFile>;
    if (parsed.version !== 1 || !Array.isArray(parsed.transactions) || !Array.isArray(parsed.acceptances)) {
      throw new Error(`wompi-simulator: ${this.stateFile} no es un archivo de estado válido del simulador`);
    }
    this.clearMemory();
    for (const record of parsed.transactions) this.addTransaction(record);
    for (const acceptance of parsed.acceptances) this.acceptances.set(acceptance.jit, acceptance);
  }

  findTransaction(id: string): TTransactionRecord | undefined {
    return this.transactions.get(id);
  }

  /** True when a transaction with this reference exists (references are unique per merchant). */
  hasReference(reference: string): boolean {
    return this.references.has(reference);
  }

  /** Remembers a transaction (synchronous; call `persist()` afterwards). */
  addTransaction(record: TTransactionRecord): void {
    this.transactions.set(record.transaction.id, record);
    this.references.add(record.transaction.reference);
  }

  /** Transactions still PENDING (to resume their timers after a restart). */
  pendingTransactions(): TTransactionRecord[] {
    return [...this.transactions.values()].filter((record) => record.transaction.status === 'PENDING');
  }

  /** Records an issued acceptance token and forgets the ones expired at `nowS` (Unix seconds). */
  addAcceptance(acceptance: TIssuedAcceptance, nowS: number): void {
    for (const [jit, issued] of this.acceptances) if (issued.exp <= nowS) this.acceptances.delete(jit);
    this.acceptances.set(acceptance.jit, acceptance);
  }

  findAcceptance(jit: string): TIssuedAcceptance | undefined {
    return this.acceptances.get(jit);
  }

  addCardToken(token: TCardTokenRecord): void {
    this.cardTokens.set(token.id, token);
  }

  findCardToken(id: string): TCardTokenRecord | undefined {
    return this.cardTokens.get(id);
  }

  get transactionCount(): number {
    return this.transactions.size;
  }

  /** Forgets everything; the state file is rewritten empty. */
  async reset(): Promise<void> {
    this.clearMemory();
    await this.persist();
  }

  /** Writes transactions and acceptance tokens to the state file (no-op in memory-only mode). */
  persist(): Promise<void> {
    const file = this.stateFile;
    if (!file) return Promise.resolve();
    const snapshot: TStateFile = {
      version: 1,
      transactions: [...this.transactions.values()],
      acceptances: [...this.acceptances.values()],
    };
    const text = JSON.stringify(snapshot, null, 2);
    const write = async (): Promise<void> => {
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, text, 'utf8');
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    };
    const next = this.writeChain.then(write, write);
    this.writeChain = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every write started so far has ended (failed ones included): the file is current. */
  flush(): Promise<void> {
    return this.writeChain;
  }

  private clearMemory(): void {
    this.transactions.clear();
    this.references.clear();
    this.acceptances.clear();
    this.cardTokens.clear();
  }
}
