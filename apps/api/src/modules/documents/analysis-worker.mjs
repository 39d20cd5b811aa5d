// Worker thread of the analysis pool (analysis-pool.ts) when the API runs from its TypeScript sources: register tsx in
// this thread (a no-op when the process already runs under tsx), then load the tasks of analysis-task.ts: an upload's
// analysis (the default), a channel's ZIP read, a chat attachment's check and the note builder's reads
// (docs/decisions/051). The compiled build has
// its own bundle of analysis-task.ts instead (scripts/build.mjs, docs/decisions/032).
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./analysis-task.ts');

export default tasks.default;
export const leerZip = tasks.leerZip;
export const revisar = tasks.revisar;
export const leerFactura = tasks.leerFactura;
export const leerNota = tasks.leerNota;
export const construirNota = tasks.construirNota;
