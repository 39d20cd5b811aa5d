/**
 * The RIPS module's domain of the Spanish catalogue (the editor, spreadsheets, patients and medications).
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
  borradorSinNumero: 'RIPS sin número de factura',
  soloLecturaRol: (rol: string) => `Solo lectura: con el rol ${rol} puedes ver y descargar este RIPS, no cambiarlo. Pide a un administrador el rol Facturador si necesitas editarlo.`,
  nuevoSoloLectura: (rol: string) => `Con el rol ${rol} no puedes crear RIPS: puedes ver y descargar los que hay en el listado. Pide a un administrador el rol Facturador si necesitas crearlos.`,
  busquedaFallida: 'No se pudo buscar en la tabla de referencia. Revisa tu conexión y reintenta, o escribe el código completo.',
  busquedaSinResultados: (texto: string) => `Ningún código coincide con «${texto}». Revisa lo escrito o escribe el código completo.`,
  eliminarUsuarioTitulo: (n: number) => `¿Eliminar el usuario ${n}?`,
  eliminarUsuarioTexto: (documento: string, servicios: number) =>
    `Se quita del RIPS el usuario ${documento} con ${servicios === 1 ? 'su servicio' : `sus ${servicios} servicios`}. Podrás deshacerlo enseguida o recuperarlo después en «Versiones anteriores».`,
  usuarioEliminado: (servicios: number) => `Usuario eliminado${servicios ? `, con ${servicios === 1 ? 'su servicio' : `sus ${servicios} servicios`}` : ''}.`,
  eliminarServicioTitulo: (servicio: string) => `¿Eliminar ${servicio}?`,
  eliminarServicioTexto: 'Se borran todos sus campos. Podrás deshacerlo enseguida o recuperarlo después en «Versiones anteriores».',
  servicioEliminado: (servicio: string) => `${servicio} eliminado.`,
  deshacerNoAplica: 'No se pudo deshacer: el usuario cambió de lugar. Recupéralo en «Versiones anteriores».',
  versionesVacio: 'Aún no hay versiones anteriores: se guardan antes de eliminar un usuario o un servicio, al reemplazar el RIPS y cada 10 minutos de edición.',
  radicarNoSePudo: 'No se pudo radicar',
  accionNoSePudo: 'No se pudo completar la acción',
  versionNoEncontrada: 'No se encontró esa versión del RIPS: solo se guardan las más recientes.',
  versionRestaurada: (fecha: string) => `Se restauró la versión del ${fecha}. La que tenías quedó en «Versiones anteriores».`,
  radicarFormatoExiste: (formato: string, estado: string) =>
    `No se radicó: la factura ${formato} ya es un documento del Ministerio (${estado}) con su RIPS. Abre ese documento: desde allí ves su RIPS, lo reemplazas o lo envías.`,
  borradorRadicadoEn: (formato: string) => `Este RIPS ya se radicó en el documento ${formato}: se corrige desde ese documento del Ministerio.`,
  clavesLeidas: (ejemplos: string[], total: number) =>
    `${total === 1 ? 'Un nombre de propiedad tenía' : `${total} nombres de propiedades tenían`} otras mayúsculas que la norma (${ejemplos.slice(0, 3).join(', ')}${total > 3 ? '…' : ''}): se leyeron como los lee el validador del Ministerio y el RIPS queda escrito como en la norma.`,
  propiedadesQuitadas: (nombres: string[]) =>
    `Se dejaron fuera ${nombres.length === 1 ? 'la propiedad' : `${nombres.length} propiedades`} que la norma no define (${nombres.slice(0, 5).join(', ')}${nombres.length > 5 ? '…' : ''}): el validador del Ministerio no las tiene en cuenta. Si alguna era un dato con otro nombre, escríbelo en su campo.`,
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
    `La columna ${columna} no es de la ${norma}, con la que se valida este RIPS; déjala vacía.`,
  hojaTipoServicio: (valor: string, tipos: string) =>
    `Tipo de servicio desconocido [${valor}]. Usa uno de: ${tipos}.`,
  hojaCampoNoAplica: (campo: string, tipo: string) =>
    `El campo ${campo} no existe en ${tipo}; déjalo vacío en esta fila.`,
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
