import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FevRipsError } from './errors.ts';
import { decodeUtf8, extractFormato, isRecord, toNumber } from './shared.ts';

/** DIAN document kind: factura de venta, nota crédito, nota débito, or anything else. */
export type TTipoDocumentoFev = 'FV' | 'NC' | 'ND' | 'OTRO';
export type TTipoDocumentoNombre =
  'Factura de Venta' | 'Nota Crédito' | 'Nota Débito' | 'Documento Electrónico';
/** Root element of the electronic document itself (inside the AttachedDocument when there is one). */
export type TFevRootName = 'Invoice' | 'CreditNote' | 'DebitNote';

/** `cac:LegalMonetaryTotal` (or `RequestedMonetaryTotal` on a DebitNote), in pesos; null when absent. */
export type TFevTotals = {
  lineExtensionAmount: number | null;
  taxExclusiveAmount: number | null;
  taxInclusiveAmount: number | null;
  prepaidAmount: number | null;
  payableAmount: number | null;
};

/** One `cac:PrepaidPayment`: `cbc:ID/@schemeID` is the RIPS `conceptoRecaudo` (01 copago, 02 cuota moderadora…). */
export type TFevPrepaidPayment = { conceptoRecaudo: string | null; paidAmount: number | null };

/** A document line with taxes (`cac:TaxTotal`): its position and whether its amounts are there. */
export type TFevTaxedLine = { line: number; taxAmount: boolean; taxableAmount: boolean };

/**
 * One line of the document (`cac:InvoiceLine` / `cac:CreditNoteLine` / `cac:DebitNoteLine`, reference §4.2): its item
 * code (`cac:Item/cac:StandardItemIdentification/cbc:ID`, the CUPS or CUM with `@schemeID` 999 in health invoices; else
 * `SellersItemIdentification/cbc:ID`), description, quantity and `cbc:LineExtensionAmount` in pesos. Missing values are
 * null. A note's lines are what the note builder matches with the invoice's services (notas.ts).
 */
export type TFevLinea = {
  /** 1-based position among the document's lines. */
  linea: number;
  codigo: string | null;
  descripcion: string | null;
  cantidad: number | null;
  valor: number | null;
};

/** `cac:BillingReference/cac:InvoiceDocumentReference` of a note: the invoice it corrects. */
export type TFevBillingReference = { id: string | null; uuid: string | null; issueDate: string | null };

/**
 * The health-sector data of one `Interoperabilidad/Group/Collection` (reference §4.3). Codes come from
 * `Value/@schemeID`; texts are the `Value` text. Missing or empty values are null.
 */
export type TFevSaludCollection = {
  codigoPrestador: string | null;
  modalidadPago: string | null;
  modalidadPagoTexto: string | null;
  coberturaPlan: string | null;
  coberturaPlanTexto: string | null;
  numeroContrato: string | null;
  numeroPoliza: string | null;
};

/**
 * The health extension (`CustomTagGeneral`). The top-level fields are the first non-null value over the
 * collections (there is one collection per user on some invoices); `collections` keeps each one.
 */
export type TFevSalud = TFevSaludCollection & { collectionCount: number; collections: TFevSaludCollection[] };

/** What Radica reads from a FEV XML (reference §4). Strings are trimmed; missing values are null. */
export type TFevXml = {
  /** Invoice or note number used to pair the XML with its RIPS (see {@link extractFormato}). */
  formato: string;
  /** `cbc:ID` of the electronic document itself. */
  numeroDocumento: string | null;
  tipoDocumento: TTipoDocumentoFev;
  tipoDocumentoNombre: TTipoDocumentoNombre;
  rootName: TFevRootName;
  isAttachedDocument: boolean;
  /** AttachedDocument `cbc:ParentDocumentID`; null for a bare document. */
  parentDocumentId: string | null;
  profileId: string | null;
  customizationId: string | null;
  issueDate: string | null;
  /** `cbc:UUID` text (CUFE for invoices, CUDE for notes). */
  cufe: string | null;
  /** Supplier NIT as written (without check digit). */
  nitObligado: string | null;
  /** Supplier check digit (`CompanyID/@schemeID`). */
  dvObligado: string | null;
  /** Supplier identification type (`CompanyID/@schemeName`): "31" = NIT. */
  tipoIdObligado: string | null;
  nitAdquiriente: string | null;
  invoicePeriod: { startDate: string | null; endDate: string | null } | null;
  totals: TFevTotals;
  /** `PayableAmount` exactly as written, e.g. "1055600.00". */
  payableAmountText: string | null;
  prepaidPayments: TFevPrepaidPayment[];
  billingReference: TFevBillingReference | null;
  /**
   * The taxed lines (those with a `cac:TaxTotal`), by 1-based position: whether every TaxTotal has its
   * `cbc:TaxAmount` and every `cac:TaxSubtotal` its `cbc:TaxableAmount` (DND114 / DND116, DT2 v001 §11).
   */
  taxedLines: TFevTaxedLine[];
  /** Number of `InvoiceLine` / `CreditNoteLine` / `DebitNoteLine` elements. */
  lineCount: number;
  /** The document's lines, in document order. */
  lineas: TFevLinea[];
  /** DIAN's `ResultOfVerification/ValidationResultCode` in the container ("02" = validated); null if absent. */
  dianValidationResultCode: string | null;
  salud: TFevSalud | null;
};

const REFUSED_DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;
/**
 * Characters XML 1.0 never allows (§2.2 Char: C0 controls other than tab, LF and CR; U+FFFE, U+FFFF), raw or as a
 * character reference (&#0;, &#x1F;…): such a file is not well-formed (a NUL was accepted and filed).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is refused
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const NOT_XML_CHAR_REF = /&#(?:x0*(?:[0-8bcef]|1[0-9a-f]|fff[ef])|0*(?:[0-8]|1[124-9]|2\d|3[01]|6553[45]));/i;
const DOCUMENT_ROOTS: readonly TFevRootName[] = ['Invoice', 'CreditNote', 'DebitNote'];
const LINE_TAG: Record<TFevRootName, string> = {
  Invoice: 'InvoiceLine',
  CreditNote: 'CreditNoteLine',
  DebitNote: 'DebitNoteLine',
};
const QUANTITY_TAG: Record<TFevRootName, string> = {
  Invoice: 'InvoicedQuantity',
  CreditNote: 'CreditedQuantity',
  DebitNote: 'DebitedQuantity',
};
const TIPO_NOMBRE: Record<TTipoDocumentoFev, TTipoDocumentoNombre> = {
  FV: 'Factura de Venta',
  NC: 'Nota Crédito',
  ND: 'Nota Débito',
  OTRO: 'Documento Electrónico',
};
const ROOT_TIPO: Record<TFevRootName, TTipoDocumentoFev> = {
  Invoice: 'FV',
  CreditNote: 'NC',
  DebitNote: 'ND',
};

/**
 * Entities: only the five predefined XML entities are decoded. DOCTYPE is refused before parsing, and the
 * limits make any declared entity fail even if that check were bypassed.
 */
const PARSER = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: false,
  processEntities: { enabled: true, maxEntityCount: 1, maxEntitySize: 1, maxExpandedLength: 1 },
});

type TNode = Record<string, unknown>;

/**
 * Reads a FEV file: a DIAN AttachedDocument container (the invoice is the CDATA of the first
 * `cac:Attachment/cac:ExternalReference/cbc:Description` under the root; the second Description, under
 * `ParentDocumentLineReference`, is DIAN's ApplicationResponse and is not read) or a bare
 * Invoice / CreditNote / DebitNote. Rules and paths: reference §4.1–§4.5, seed 001 §5.
 *
 * @param input the file bytes (decoded as UTF-8, BOM removed) or its text.
 * @returns the fields of {@link TFevXml}; amounts in pesos as numbers.
 * @throws {FevRipsError} `XML_DOCTYPE` if the outer or the embedded document contains `<!DOCTYPE`/`<!ENTITY`;
 *   `XML_INVALID` if either is not well-formed or the root is not one of the accepted documents;
 *   `XML_NO_FORMATO` if no invoice number yields a formato; `XML_ERROR` for anything unexpected.
 *   Never throws anything else.
 */
export function parseFevXml(input: Uint8Array | string): TFevXml {
  try {
    return readFevXml(decodeUtf8(input));
  } catch (e) {
    if (e instanceof FevRipsError) throw e;
    throw new FevRipsError('XML_ERROR', undefined, { cause: e });
  }
}

function readFevXml(text: string): TFevXml {
  const [outerName, outer] = parseDocument(text);
  let container: TNode | null = null;
  let rootName: TFevRootName;
  let doc: TNode;
  if (outerName === 'AttachedDocument') {
    container = outer;
    const embedded = nonEmptyText(get(outer, 'Attachment', 'ExternalReference', 'Description'));
    if (!embedded) throw new FevRipsError('XML_INVALID');
    const [innerName, inner] = parseDocument(embedded);
    if (!isDocumentRoot(innerName)) throw new FevRipsError('XML_INVALID');
    rootName = innerName;
    doc = inner;
  } else if (isDocumentRoot(outerName)) {
    rootName = outerName;
    doc = outer;
  } else {
    throw new FevRipsError('XML_INVALID');
  }

  const parentDocumentId = container ? nonEmptyText(get(container, 'ParentDocumentID')) : null;
  const numeroDocumento = nonEmptyText(get(doc, 'ID'));
  const formato = extractFormato(parentDocumentId) ?? extractFormato(numeroDocumento);
  if (!formato) throw new FevRipsError('XML_NO_FORMATO');

  const profileId = nonEmptyText(get(doc, 'ProfileID'));
  const tipoDocumento = tipoFromProfile(profileId) ?? ROOT_TIPO[rootName];

  const supplierId = firstWithText([
    get(doc, 'AccountingSupplierParty', 'Party', 'PartyTaxScheme', 'CompanyID'),
    get(doc, 'AccountingSupplierParty', 'Party', 'PartyLegalEntity', 'CompanyID'),
    container ? get(container, 'SenderParty', 'PartyTaxScheme', 'CompanyID') : undefined,
  ]);
  const customerId = firstWithText([
    get(doc, 'AccountingCustomerParty', 'Party', 'PartyTaxScheme', 'CompanyID'),
    get(doc, 'AccountingCustomerParty', 'Party', 'PartyLegalEntity', 'CompanyID'),
    container ? get(container, 'ReceiverParty', 'PartyTaxScheme', 'CompanyID') : undefined,
  ]);

  const period = get(doc, 'InvoicePeriod');
  const totalsNode = get(doc, 'LegalMonetaryTotal') ?? get(doc, 'RequestedMonetaryTotal');
  const billing = get(doc, 'BillingReference', 'InvoiceDocumentReference');
  const lines = all(doc[LINE_TAG[rootName]]);

  return {
    formato,
    numeroDocumento,
    tipoDocumento,
    tipoDocumentoNombre: TIPO_NOMBRE[tipoDocumento],
    rootName,
    isAttachedDocument: container !== null,
    parentDocumentId,
    profileId,
    customizationId: nonEmptyText(get(doc, 'CustomizationID')),
    issueDate: nonEmptyText(get(doc, 'IssueDate')),
    cufe: nonEmptyText(get(doc, 'UUID')),
    nitObligado: nonEmptyText(supplierId),
    dvObligado: attr(supplierId, 'schemeID'),
    tipoIdObligado: attr(supplierId, 'schemeName'),
    nitAdquiriente: nonEmptyText(customerId),
    invoicePeriod:
      period === undefined
        ? null
        : {
            startDate: nonEmptyText(get(period, 'StartDate')),
            endDate: nonEmptyText(get(period, 'EndDate')),
          },
    totals: {
      lineExtensionAmount: amount(get(totalsNode, 'LineExtensionAmount')),
      taxExclusiveAmount: amount(get(totalsNode, 'TaxExclusiveAmount')),
      taxInclusiveAmount: amount(get(totalsNode, 'TaxInclusiveAmount')),
      prepaidAmount: amount(get(totalsNode, 'PrepaidAmount')),
      payableAmount: amount(get(totalsNode, 'PayableAmount')),
    },
    payableAmountText: nonEmptyText(get(totalsNode, 'PayableAmount')),
    prepaidPayments: all(doc['PrepaidPayment']).map((payment) => ({
      conceptoRecaudo: attr(get(payment, 'ID'), 'schemeID'),
      paidAmount: amount(get(payment, 'PaidAmount')),
    })),
    billingReference:
      billing === undefined
        ? null
        : {
            id: nonEmptyText(get(billing, 'ID')),
            uuid: nonEmptyText(get(billing, 'UUID')),
            issueDate: nonEmptyText(get(billing, 'IssueDate')),
          },
    taxedLines: taxedLines(lines),
    lineCount: lines.length,
    lineas: lines.map((line, i) => readLinea(line, i + 1, QUANTITY_TAG[rootName])),
    dianValidationResultCode: container
      ? nonEmptyText(
          get(
            container,
            'ParentDocumentLineReference',
            'DocumentReference',
            'ResultOfVerification',
            'ValidationResultCode',
          ),
        )
      : null,
    salud: readSalud(get(doc, 'UBLExtensions')),
  };
}

/** Refuses DOCTYPE/ENTITY, validates, parses; returns the root element's name and content. */
function parseDocument(rawText: string): [string, TNode] {
  const text = rawText.replace(/^\uFEFF/, '').trim();
  if (REFUSED_DECLARATION.test(text)) throw new FevRipsError('XML_DOCTYPE');
  if (NOT_XML_CHAR.test(text) || NOT_XML_CHAR_REF.test(text)) throw new FevRipsError('XML_INVALID', undefined, { cause: new Error('character not allowed in XML 1.0') });
  let validation: ReturnType<typeof XMLValidator.validate>;
  try {
    validation = XMLValidator.validate(text);
  } catch (e) {
    throw new FevRipsError('XML_INVALID', undefined, { cause: e });
  }
  if (validation !== true) throw new FevRipsError('XML_INVALID', undefined, { cause: validation.err });
  let parsed: unknown;
  try {
    parsed = PARSER.parse(text);
  } catch (e) {
    // The parser is stricter than the validator on a few points (e.g. nesting depth): still malformed input.
    throw new FevRipsError('XML_INVALID', undefined, { cause: e });
  }
  if (!isRecord(parsed)) throw new FevRipsError('XML_INVALID');
  const rootKey = Object.keys(parsed).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (rootKey === undefined) throw new FevRipsError('XML_INVALID');
  const root = first(parsed[rootKey]);
  return [rootKey, isRecord(root) ? root : {}];
}

function isDocumentRoot(name: string): name is TFevRootName {
  return (DOCUMENT_ROOTS as readonly string[]).includes(name);
}

/**
 * Document kind from `cbc:ProfileID` (seed 001 §5: 'DIAN 2.1 Factura Venta' → FV, 'DIAN 2.1 Nota Crédito' → NC,
 * 'DIAN 2.1 Nota Débito' → ND; real files say "DIAN 2.1: Nota Crédito de Factura Electrónica de Venta"…), matched
 * without accents and tolerant of double-encoded UTF-8 ("CrÃ©dito"). Notes are tested first because their
 * profile also names the invoice. Null when the text decides nothing (the caller then says Documento Electrónico).
 */
export function tipoFromProfile(profileId: string | null): TTipoDocumentoFev | null {
  if (!profileId) return null;
  const folded = foldForMatch(profileId);
  if (/nota\s*(?:de\s*)?cr\S{0,4}dito/.test(folded)) return 'NC';
  if (/nota\s*(?:de\s*)?d\S{0,4}bito/.test(folded)) return 'ND';
  if (/factura\s*(?:electr\S{0,4}nica\s*)?(?:de\s*)?venta/.test(folded)) return 'FV';
  return null;
}

/** Lower case, accents removed, and mojibake (UTF-8 read as Latin-1) repaired when it can be. */
function foldForMatch(value: string): string {
  let text = value;
  if (/[\u00c2\u00c3]/.test(text) && [...text].every((c) => c.charCodeAt(0) <= 0xff)) {
    const repaired = new TextDecoder('utf-8').decode(Uint8Array.from(text, (c) => c.charCodeAt(0)));
    if (!repaired.includes('\ufffd')) text = repaired;
  }
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The health extension: the element named `CustomTagGeneral` anywhere under `ext:UBLExtensions` (found by
 * name, never by position: issuers order the extensions differently, reference §4.2), then
 * `Interoperabilidad/Group/Collection/AdditionalInformation[Name=…]/Value`. Null when there is no CustomTagGeneral.
 */
function readSalud(extensions: unknown): TFevSalud | null {
  const tag = findByName(extensions, 'CustomTagGeneral');
  if (tag === undefined) return null;
  const collections: TFevSaludCollection[] = [];
  for (const interop of all(get(tag, 'Interoperabilidad'))) {
    for (const group of all(get(interop, 'Group'))) {
      for (const collection of all(get(group, 'Collection'))) collections.push(readCollection(collection));
    }
  }
  const pick = (key: keyof TFevSaludCollection): string | null =>
    collections.map((c) => c[key]).find((v) => v !== null) ?? null;
  return {
    codigoPrestador: pick('codigoPrestador'),
    modalidadPago: pick('modalidadPago'),
    modalidadPagoTexto: pick('modalidadPagoTexto'),
    coberturaPlan: pick('coberturaPlan'),
    coberturaPlanTexto: pick('coberturaPlanTexto'),
    numeroContrato: pick('numeroContrato'),
    numeroPoliza: pick('numeroPoliza'),
    collectionCount: collections.length,
    collections,
  };
}

function readCollection(collection: unknown): TFevSaludCollection {
  const infos = all(get(collection, 'AdditionalInformation'));
  const valueOf = (name: string): unknown => {
    const info = infos.find((i) => text(get(i, 'Name')) === name);
    return info === undefined ? undefined : get(info, 'Value');
  };
  const modalidad = valueOf('MODALIDAD_PAGO');
  const cobertura = valueOf('COBERTURA_PLAN_BENEFICIOS');
  return {
    codigoPrestador: nonEmptyText(valueOf('CODIGO_PRESTADOR')),
    modalidadPago: attr(modalidad, 'schemeID'),
    modalidadPagoTexto: nonEmptyText(modalidad),
    coberturaPlan: attr(cobertura, 'schemeID'),
    coberturaPlanTexto: nonEmptyText(cobertura),
    numeroContrato: nonEmptyText(valueOf('NUMERO_CONTRATO')),
    numeroPoliza: nonEmptyText(valueOf('NUMERO_POLIZA')),
  };
}

/** Depth-first, document-order search for the first element called `name` (iterative: no recursion limit). */
function findByName(root: unknown, name: string): unknown {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push(current[i]);
    } else if (isRecord(current)) {
      if (Object.hasOwn(current, name)) return current[name];
      const values = Object.entries(current).filter(([k]) => !k.startsWith('@_'));
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]?.[1]);
    }
  }
  return undefined;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function all(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Follows child element names, taking the first element wherever there are several. */
function get(node: unknown, ...names: string[]): unknown {
  let current: unknown = node;
  for (const name of names) {
    const f = first(current);
    if (!isRecord(f) || !Object.hasOwn(f, name)) return undefined;
    current = f[name];
  }
  return current;
}

/** Trimmed text of an element ('' for an empty one); null when there is no element or no text node. */
function text(value: unknown): string | null {
  const f = first(value);
  if (typeof f === 'string') return f.trim();
  if (typeof f === 'number' || typeof f === 'boolean') return String(f);
  if (isRecord(f)) {
    const inner = f['#text'];
    if (typeof inner === 'string') return inner.trim();
    if (typeof inner === 'number') return String(inner);
  }
  return null;
}

function nonEmptyText(value: unknown): string | null {
  const t = text(value);
  return t ? t : null;
}

/** Trimmed attribute value; null when absent or empty. */
function attr(value: unknown, name: string): string | null {
  const f = first(value);
  if (!isRecord(f)) return null;
  const a = f[`@_${name}`];
  if (typeof a !== 'string') return null;
  const trimmed = a.trim();
  return trimmed ? trimmed : null;
}

function amount(value: unknown): number | null {
  return toNumber(text(value));
}

function firstWithText(candidates: unknown[]): unknown {
  return candidates.find((c) => nonEmptyText(c) !== null);
}

/** One {@link TFevLinea}: `quantityTag` is the root's quantity element (InvoicedQuantity, CreditedQuantity…). */
function readLinea(line: unknown, position: number, quantityTag: string): TFevLinea {
  const item = get(line, 'Item');
  return {
    linea: position,
    codigo:
      nonEmptyText(get(item, 'StandardItemIdentification', 'ID')) ??
      nonEmptyText(get(item, 'SellersItemIdentification', 'ID')),
    descripcion: nonEmptyText(get(item, 'Description')),
    cantidad: amount(get(line, quantityTag)),
    valor: amount(get(line, 'LineExtensionAmount')),
  };
}

/** {@link TFevXml.taxedLines} of the document's lines. */
function taxedLines(lines: unknown[]): TFevTaxedLine[] {
  const out: TFevTaxedLine[] = [];
  lines.forEach((line, i) => {
    const totals = all((line as TNode | undefined)?.['TaxTotal']);
    if (totals.length === 0) return;
    const subtotals = totals.flatMap((t) => all((t as TNode | undefined)?.['TaxSubtotal']));
    out.push({
      line: i + 1,
      taxAmount: totals.every((t) => nonEmptyText(get(t as TNode, 'TaxAmount')) !== null),
      taxableAmount:
        subtotals.length > 0 &&
        subtotals.every((t) => nonEmptyText(get(t as TNode, 'TaxableAmount')) !== null),
    });
  });
  return out;
}
