/**
 * Backups: what `npm run backup`, `npm run restore` and the operator endpoint say, in Spanish.
 * Each text defined once in the whole catalogue (index-check.test.ts).
 */
export const MSG_BACKUPS = {
  copiaCreada: (archivo: string, tamano: string) => `Copia de seguridad creada: ${archivo} (${tamano})`,
  copiaEnCurso: 'Ya hay una copia de seguridad en curso en este servidor: espera a que termine.',
  copiaFallida: 'No se pudo crear la copia de seguridad. Revisa el registro del servidor.',
  pgDumpFallo: (detalle: string) => `pg_dump terminó con error: ${detalle}`,
  pgDumpNoInstalado:
    'No se encontró pg_dump en este equipo. Instala el cliente de PostgreSQL (paquete postgresql-client, la misma versión del servidor o una más reciente).',
  pgRestoreFallo: (detalle: string) => `pg_restore terminó con error: ${detalle}`,
  pgRestoreNoInstalado: 'No se encontró pg_restore en este equipo. Instala el cliente de PostgreSQL (paquete postgresql-client).',
  archivoNoExiste: (archivo: string) => `No existe el archivo ${archivo}.`,
  noEsCopia: (archivo: string) => `${archivo} no es una copia de seguridad de Radica (.rbk) o está incompleto.`,
  versionDesconocida: (version: number) => `La copia usa un formato (versión ${version}) que esta versión de Radica no conoce: actualiza Radica.`,
  claveNoCorresponde:
    'La copia fue cifrada con otra clave: usa la ENCRYPTION_KEY (o el archivo DATA_DIR/secret.key) de la instalación que la creó. No se restauró nada.',
  copiaAlterada: 'La copia de seguridad está alterada o dañada (la verificación de integridad falló). No se restauró nada.',
  sinClave: (dataDir: string) =>
    `No hay clave de cifrado: define ENCRYPTION_KEY o copia el archivo secret.key de la instalación original en ${dataDir}. Sin esa clave la copia no se puede leer.`,
  tipoNoCorresponde: (tipo: string, destino: string) =>
    `La copia es de tipo ${tipo} y no se puede restaurar en ${destino}. Una copia pg_dump se restaura con DATABASE_URL; una copia pglite, sin DATABASE_URL.`,
  servidorEnMarcha: (url: string) =>
    `El servidor de Radica está en marcha (${url}). Detenlo antes de restaurar la base embebida: la restauración necesita la base para ella sola.`,
  baseEmbebidaExiste: (dir: string) =>
    `La base embebida ya existe en ${dir}. Solo se restaura en una base vacía: detén el servidor y mueve esa carpeta (por ejemplo mv ${dir} ${dir}.anterior) o usa otro DATA_DIR.`,
  basePostgresNoVacia: (tablas: number) =>
    `La base de datos de destino no está vacía (${tablas} tablas o esquemas). Solo se restaura en una base vacía: crea una nueva (createdb radica_restaurada) y apunta DATABASE_URL a ella, o vacía esta con dropdb y createdb.`,
  restaurada: (documentos: number, cuentas: number) =>
    `Copia restaurada: ${documentos} documentos de ${cuentas} cuentas. Ya puedes iniciar el servidor con npm start.`,
  usoBackup: 'Uso: npm run backup   (escribe la copia en BACKUP_DIR; por defecto DATA_DIR/backups)',
  usoRestore: 'Uso: npm run restore -- ARCHIVO.rbk   (restaura en una base vacía: DATABASE_URL, o DATA_DIR/db sin DATABASE_URL)',
  retencionBorradas: (cantidad: number, dias: number) => `Retención de copias (${dias} días): ${cantidad} copias antiguas borradas.`,
} as const;
