import { type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { type TConfig } from '../../apps/api/src/config.ts';
export declare const SAMPLES: string;
export declare const ARTIFACTS: string;
export type THarness = {
    app: FastifyInstance;
    url: string;
    browser: Browser;
    page: Page;
    close: () => Promise<void>;
};
/**
 * Start the real product (API + built SPA + in-process MUV simulator) on a random port with a fresh embedded
 * database, and a headless Chromium page. Flags as this machine needs them (no background networking).
 */
export type THarnessOptions = {
    /** Overrides of the API config (e.g. `{ accessTokenTtlS: 20 }` for short-lived access tokens). */
    config?: Partial<TConfig>;
    /**
     * Overrides of the web app's timings (apps/web/src/lib/timings.ts), written to localStorage `radica.timings`
     * before any page script runs, e.g. `{ inactivityMs: 20_000, warningMs: 10_000 }`.
     */
    timings?: Record<string, number>;
};
export declare function startHarness(options?: THarnessOptions): Promise<THarness>;
/** Save a screenshot under e2e/artifacts (git-ignored) to look at what a user sees. */
export declare function screenshot(page: Page, name: string): Promise<void>;
/** Texts of the local outbox's messages to `email`, newest first, read with the operator secret (as `npm run admin -- mail`). */
export declare function outboxTexts(url: string, email: string): Promise<string[]>;
/** The newest 6-digit code in the dev outbox for `email`. */
export declare function codeFromOutbox(url: string, email: string): Promise<string>;
