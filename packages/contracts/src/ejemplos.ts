/**
 * Examples of the API's bodies for the OpenAPI document: the
 * structure and field names of the real samples (shared/samples par1: an evento invoice with one procedure), with
 * invented values — no patient, provider or invoice of the samples appears here.
 */

/** A RIPS (Res. 2275/2023 JSON) of one user and one procedure, as the ministry's API takes it in `rips`. */
export const EJEMPLO_RIPS = {
  numDocumentoIdObligado: '900123456',
  numFactura: 'FE1001',
  tipoNota: null,
  numNota: null,
  usuarios: [
    {
      tipoDocumentoIdentificacion: 'CC',
      numDocumentoIdentificacion: '1000000001',
      tipoUsuario: '01',
      fechaNacimiento: '1990-05-17',
      codSexo: 'F',
      codPaisResidencia: '170',
      codMunicipioResidencia: '11001',
      codZonaTerritorialResidencia: '02',
      incapacidad: 'NO',
      consecutivo: 1,
      codPaisOrigen: '170',
      servicios: {
        procedimientos: [
          {
            codPrestador: '110010000001',
            fechaInicioAtencion: '2026-11-02 08:00',
            idMIPRES: null,
            numAutorizacion: '12345678',
            codProcedimiento: '893815',
            viaIngresoServicioSalud: '02',
            modalidadGrupoServicioTecSal: '01',
            grupoServicios: '01',
            codServicio: 331,
            finalidadTecnologiaSalud: '15',
            tipoDocumentoIdentificacion: 'CC',
            numDocumentoIdentificacion: '1000000001',
            codDiagnosticoPrincipal: 'I288',
            codDiagnosticoRelacionado: null,
            codComplicacion: null,
            vrServicio: 280000,
            conceptoRecaudo: '05',
            valorPagoModerador: 0,
            numFEVPagoModerador: null,
            consecutivo: 1,
          },
        ],
      },
    },
  ],
} as const;

/** POST /api/v1/paquetes as JSON: the XML's base64 shortened here ('PD94bWwg…' is how every XML's base64 begins). */
export const EJEMPLO_PAQUETE_JSON = { xmlFevFile: 'PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4K…', rips: EJEMPLO_RIPS, enviar: true };

/** A filed and approved package (POST /api/v1/paquetes, GET /api/v1/paquetes/{id}), with the ministry's notification. */
export const EJEMPLO_PAQUETE_DATA = {
  id: 1287,
  formato: 'FE1001',
  tipoDocumento: 'FV',
  estado: 'APROBADO',
  canal: 'api',
  servicioCarga: 'CargarFevRips',
  hallazgos: [],
  envio: { exitoso: true, mensaje: 'Paquete enviado al Ministerio.' },
  resultado: {
    cuv: 'b7490d431fbd19aba98d038c94a530ac6b84d01c752fb951b1023861ac2669f68ce752687bdaba7f16c23ede53c0d4b6',
    fechaRadicacion: '2026-11-24T14:02:11.000Z',
    procesoId: 4521870,
    errores: [],
    notificaciones: [
      {
        id: 9,
        clase: 'NOTIFICACION',
        codigo: 'FED131',
        descripcion:
          '[Interoperabilidad.Group.Collection.AdditionalInformation.NUMERO_POLIZA.Value] El apartado no existe o no tiene valor en el XML del documento electrónico.',
        observaciones: '',
        fuente: 'FacturaElectronica',
        pathFuente: '',
      },
    ],
  },
};

/** A `documento.resultado` webhook event (its `data` is what GET /api/v1/paquetes/{id} answers). */
export const EJEMPLO_EVENTO_WEBHOOK = {
  id: 'evt_3f9c2a71d0b84e6f9a1c5d7e2b4f6a80',
  tipo: 'documento.resultado',
  creadoEn: '2026-11-24T14:02:12.000Z',
  data: { ...EJEMPLO_PAQUETE_DATA, envio: null },
};
