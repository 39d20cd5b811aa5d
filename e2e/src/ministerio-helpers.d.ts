import type { Page } from 'playwright-core';
import { PAR1_JSON, PAR1_XML, PAR2_XML, par1Copy } from '../../apps/api/test/helpers.ts';
import { type THarness } from './harness.ts';
/** Helpers of the ministry journeys (issue 4): accounts, module grant and documents made over the API. */
export declare const NIT = "901019681";
export { PAR1_JSON, PAR1_XML, PAR2_XML };
type TJson = {
    success?: boolean;
    data?: any;
    message?: string;
    code?: string;
};
export type TApiSession = {
    token: string;
    validator: string;
    call: (method: string, path: string, body?: unknown) => Promise<TJson>;
};
/**
 * Register a manual account with NIT 901019681 (the par1 invoice's obligated party), grant it the ministerio
 * module through the operator endpoint (what `npm run admin -- grant` does), log in over the API and save the
 * provider configuration. Returns an API session for seeding documents.
 */
export declare function createMinisterioAccount(h: THarness, email: string, password: string): Promise<TApiSession>;
/** The par1 pair rewritten to another invoice number (same NIT, same content): a distinct formato. */
export declare const par1As: typeof par1Copy;
/** Upload one file over the API; returns the document id. */
export declare function uploadFile(s: TApiSession, name: string, bytes: Buffer, fevRipsId?: number): Promise<number>;
/** Create a document for `formato` with the XML and, unless `onlyXml`, the JSON. Returns its id. */
export declare function seedDocument(s: TApiSession, formato: string, onlyXml?: boolean): Promise<number>;
/** Sign in through the login page and wait for /Inicio. */
export declare function loginInUi(page: Page, url: string, email: string, password: string): Promise<void>;
