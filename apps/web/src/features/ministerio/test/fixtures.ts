import type { TMinisterioDetail, TMinisterioRow, TReportRow } from '../api/types';

/** A list row as the search call returns it (test fixture): a sendable FV with both files. */
export function documentRow(overrides: Partial<TMinisterioRow> = {}): TMinisterioRow {
  return {
    id: 5,
    idUsuario: 1,
    tipoDocumento: 'FV',
    formato: 'A01E5687',
    cuv: null,
    estado: 'PROCESADO',
    estadoInterno: 2,
    fechaCreacion: '2025-03-01T15:00:00Z',
    fechaModificacion: '2025-03-01T15:00:00Z',
    fechaEnvio: null,
    fechaRadicacion: null,
    procesoId: null,
    xml: true,
    json: true,
    intentosEnvio: 0,
    totalFactura: 0,
    infoFevRips: null,
    tieneErrores: false,
    totalErrores: 0,
    totalNotificaciones: 0,
    canal: 'plataforma',
    ...overrides,
  };
}

/** A document detail (test fixture): the row plus no findings and both files. */
export function documentDetail(overrides: Partial<TMinisterioDetail> = {}): TMinisterioDetail {
  return {
    ...documentRow(),
    tipoDocumentoNombre: 'Factura de Venta',
    servicioCarga: 'CargarFevRips',
    historial: [],
    errores: [],
    notificaciones: [],
    prevalidacion: [],
    archivoXml: { id: 1, nombre: 'A01E5687.xml', tamanoBytes: 32_000 },
    archivoJson: { id: 2, nombre: 'A01E5687.json', tamanoBytes: 5_000 },
    ...overrides,
  };
}

/** `n` synthetic informe-listado rows (seed 001 §3 "Report row"), distinct formatos: the 10 000-row Excel target. */
export function reportRows(n: number): TReportRow[] {
  return Array.from({ length: n }, (_, i) => ({
    formato: `FE${100000 + i}`,
    estado: 'APROBADO',
    cuv: 'ab'.repeat(48),
    fechaCreacion: '2025-03-01T15:00:00.000Z',
    fechaEnvio: '2025-03-01T16:00:00.000Z',
    fechaRadicacion: '2025-03-01T16:00:05.000Z',
    procesoId: 779996 + i,
    xml: true,
    json: true,
    cantidadUsuarios: 1,
    cantidadAtenciones: 3,
    totalFactura: 1055600,
    totalValorServicios: 1055600,
    modalidadPago: '04',
    identificacionAdquiriente: '900156264',
    numDocumentoReferenciado: null,
    canal: 'plataforma',
  }));
}
