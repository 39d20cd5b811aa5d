/**
 * The operator's commands on the server's machine (`npm run admin`, `reps:import`, `seed:demo`): what they say when
 * they cannot reach the running server, in Spanish. Each text defined once in the whole catalogue (index-check.test.ts).
 */
export const MSG_OPERADOR = {
  /**
   * The embedded database is held by another process and no server answered on the command's PORT: it is most likely
   * the server itself on another PORT (the command then needs it), or another command.
   */
  baseEnUso: (o: { pid: number | null; url: string; dataDir: string; comando: string }) =>
    `No hay un servidor de Radica respondiendo en ${o.url}, pero la base de datos embebida de ${o.dataDir} está abierta por otro proceso${o.pid ? ` (pid ${o.pid})` : ''}. ` +
    `Si es el servidor (npm start) en otro puerto, ejecuta el comando con su mismo PORT y DATA_DIR, por ejemplo: PORT=3100 ${o.comando}. ` +
    'Si no sabes el puerto, búscalo en la línea «Radica lista» del registro del servidor.',
} as const;
