import type { TMinisterioDetail, TMinisterioRow } from '../api/types';

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
    ...overrides,
  };
}

/** A document detail (test fixture): the row plus no findings and both files. */
export function documentDetail(overrides: Partial<TMinisterioDetail> = {}): TMinisterioDetail {
  return {
    ...documentRow(),
    errores: [],
    notificaciones: [],
    prevalidacion: [],
    archivoXml: { id: 1, nombre: 'A01E5687.xml', tamanoBytes: 32_000 },
    archivoJson: { id: 2, nombre: 'A01E5687.json', tamanoBytes: 5_000 },
    ...overrides,
  };
}
