/**
 * The RIPS module's domain of the Spanish catalogue (issue 27: the editor, spreadsheets, patients and medications).
 * All Radica's own texts. Each text is defined once in the whole catalogue (index-check.test.ts).
 */
export const MSG_RIPS = {
  // drafts and the editor
  borradorNoEncontrado: 'No se encontró ese RIPS.',
  borradorCambio:
    'Este RIPS cambió en otra pestaña o por otra persona desde que lo abriste. Tus cambios siguen aquí: recarga la versión guardada o sobrescríbela.',
  borradorRadicado: 'Este RIPS ya se radicó: se corrige desde el documento del Ministerio.',
  borradorSinXml: 'Para radicar el RIPS hace falta la factura electrónica (XML): cárgala en el RIPS.',
  borradorJsonInvalido: 'El archivo no es un RIPS JSON: debe ser un objeto con numDocumentoIdObligado, numFactura y usuarios.',
  borradorXmlYaTiene: 'El RIPS ya tiene su factura XML.',
  borradorEliminado: 'Borrador eliminado.',
  borradorCreado: 'RIPS creado.',
  borradorGuardado: 'Cambios guardados.',
  borradorRadicadoOk: 'RIPS radicado con su factura: quedó como documento del Ministerio.',
  origenRequiereArchivo: 'Elige el archivo con el que empezar el RIPS.',
  soloAdministrador: 'Solo el administrador de la cuenta puede exportar los pacientes.',
  pacienteNoEncontrado: 'No se encontró ese paciente.',
  pacienteEliminado: 'Paciente eliminado, con sus datos.',
  pacienteGuardado: 'Paciente guardado.',
  pacienteExiste: 'Ya hay un paciente con ese tipo y número de documento.',
  pacientesImportados: (creados: number, actualizados: number) => `Pacientes importados: ${creados} nuevos, ${actualizados} actualizados.`,
  pacientesDemasiados: (max: number) => `El CSV tiene más de ${max} pacientes: divídelo en varios archivos.`,
  pacienteRepetido: (fila: number) => `Este paciente (tipo y número de documento) ya está en la fila ${fila}: deja una sola fila por paciente.`,
  /**
   * A patients import cut short by the database after part of it was stored: the import can be repeated as it is
   * (stored patients are updated, never duplicated).
   */
  pacientesImportacionInterrumpida: (guardados: number, total: number) =>
    `La importación se interrumpió después de guardar ${guardados} de ${total} pacientes. Vuelve a importar el mismo archivo: los que ya se guardaron se actualizan, no se duplican.`,
  /** What a wrong value of a patient's field must be (the patients CSV and the patient form). */
  pacienteCampo: {
    tipoDocumentoIdentificacion: 'Escribe el tipo de documento con sus 2 letras (CC, TI, CE, PA, RC…).',
    numDocumentoIdentificacion: 'El número de documento debe tener entre 4 y 20 caracteres.',
    fechaNacimiento: 'Escribe la fecha de nacimiento como AAAA-MM-DD, por ejemplo 1980-05-31.',
    codSexo: 'El sexo es una sola letra: H, M o I.',
    tipoUsuario: 'El tipo de usuario tiene máximo 2 caracteres (01 a 13).',
    codPaisResidencia: 'El país de residencia es un código de máximo 3 caracteres (170 para Colombia).',
    codMunicipioResidencia: 'El municipio es un código DIVIPOLA de máximo 5 dígitos, por ejemplo 11001.',
    codZonaTerritorialResidencia: 'La zona territorial tiene máximo 2 caracteres: 01 rural, 02 urbana.',
    codPaisOrigen: 'El país de origen es un código de máximo 3 caracteres (170 para Colombia).',
    nombre: 'El nombre tiene máximo 120 caracteres.',
  },
  medicamentoNoEncontrado: 'No se encontró ese medicamento.',
  medicamentoExiste: 'Ya hay un medicamento con ese código (CUM / IUM).',
  medicamentoGuardado: 'Medicamento guardado.',
  medicamentoEliminado: 'Medicamento eliminado.',
  // spreadsheets (packages/fevrips sheet.ts, sheet-io.ts)
  hojaFila: (fila: number, columna: string | null, mensaje: string) =>
    columna ? `Fila ${fila}, columna ${columna}: ${mensaje}` : `Fila ${fila}: ${mensaje}`,
  hojaVacia: 'La hoja no tiene filas de servicios debajo de los encabezados.',
  hojaSinEncabezados: 'La primera fila de la hoja debe tener los nombres de las columnas (descarga la plantilla).',
  hojaColumnaFalta: (columna: string) => `Falta la columna obligatoria ${columna}.`,
  hojaColumnaDesconocida: (columna: string) =>
    `La columna ${columna} no es un campo del RIPS. Revisa que el nombre esté escrito como en la plantilla.`,
  hojaColumnaRepetida: (columna: string) => `La columna ${columna} aparece dos veces.`,
  hojaColumnaNoAplica: (columna: string, norma: string) =>
    `La columna ${columna} no es de la ${norma}, con la que se valida este RIPS; déjela vacía.`,
  hojaTipoServicio: (valor: string, tipos: string) =>
    `Tipo de servicio desconocido [${valor}]. Usa uno de: ${tipos}.`,
  hojaCampoNoAplica: (campo: string, tipo: string) =>
    `El campo ${campo} no existe en ${tipo}; déjelo vacío en esta fila.`,
  hojaFacturaDistinta: (campo: string, fila: number) =>
    `${campo} es distinto del de la fila ${fila}: todas las filas son de la misma factura.`,
  hojaUsuarioDistinto: (campo: string, fila: number) =>
    `${campo} del usuario es distinto del de la fila ${fila}, del mismo usuario (mismo usuario.consecutivo).`,
  hojaFormula: 'La celda tiene una fórmula. Radica no ejecuta fórmulas: escribe el valor.',
  hojaCeldaError: 'La celda tiene un error de la hoja de cálculo (#¡VALOR!, #N/A…): escribe el valor.',
  hojaCeldaLarga: (max: number) => `La celda supera los ${max} caracteres.`,
  hojaDemasiadasFilas: (max: number) => `La hoja supera las ${max} filas: divide la factura en varios archivos.`,
  hojaDemasiadasColumnas: (max: number) => `La hoja supera las ${max} columnas.`,
  hojaMuyGrande: (maxMb: number) => `El archivo supera los ${maxMb} MB.`,
  hojaDescomprimidaGrande: (maxMb: number) =>
    `El libro de Excel ocupa más de ${maxMb} MB al descomprimirlo: guarda la hoja como .csv (UTF-8) desde la plantilla, o divide la factura en varios archivos.`,
  hojaMacros: 'El libro tiene macros (xlsm/VBA). Guárdalo como «Libro de Excel (.xlsx)» sin macros.',
  hojaIlegible: 'No se pudo leer la hoja de cálculo: guárdala como .xlsx o .csv (UTF-8) desde la plantilla.',
  hojaExtension: 'Solo se permiten hojas .xlsx o .csv.',
  hojaMasErrores: (n: number) => `… y ${n} error(es) más.`,
  hojaXmlDistinto: (campo: string, hoja: string, xml: string) =>
    `${campo} de la hoja [${hoja}] no coincide con el de la factura XML [${xml}].`,
  hojaNoRepresentable: (ruta: string) =>
    `La propiedad ${ruta} no es un campo del RIPS y no se pasa a la hoja.`,
} as const;
