import type {
  TCanalDocumento,
  TDocumentDetailData,
  TDocumentRow,
  TInformeRow,
  TPaginaItem,
  TRespuestaRow,
} from '@radica/contracts/documents';

/** The contract types the ministerio screens show, under the names the feature uses (packages/contracts/src/documents.ts). */
export type TMinisterioRow = TDocumentRow;
export type TMinisterioDetail = TDocumentDetailData;
/** An informe-listado row as the Excel builder takes it: the contract's row, each field possibly missing (null). */
export type TReportRow = { [K in keyof TInformeRow]: TInformeRow[K] | null };
export type TMinistryAnswer = TRespuestaRow;
export type TPageFormato = TPaginaItem;

/** The search filters shared by search, formatos-pagina (seed 001 §7). Dates yyyy-mm-dd. */
export type TListFilters = {
  formato: string;
  tipoDocumento: string;
  estado: string;
  /** The channel the files came through; '' for all. */
  canal: TCanalDocumento | '';
  fechaCreacionDesde: string;
  fechaCreacionHasta: string;
  fechaRadicacionDesde: string;
  fechaRadicacionHasta: string;
};

/** A stored file as an upload zone shows it (name and size in bytes), or null when the slot is empty. */
export type UploadedFileRef = { nombre: string; tamanoBytes: number } | null;
