// Worker thread of the analysis pool (analysis-pool.ts). The API's sources are TypeScript: register tsx in this thread
// (a no-op when the process already runs under tsx), then load the tasks: an upload's analysis (the default), a
// channel's ZIP read and a chat attachment's check (issue 24 item 2).
import { register } from 'tsx/esm/api';

register();
const { analyzeUpload } = await import('./analysis.ts');
const { leerZipTarea } = await import('../integraciones/zip.ts');
const { revisarArchivos } = await import('./analysis.ts');

export default analyzeUpload;
export const leerZip = leerZipTarea;
export const revisar = revisarArchivos;
