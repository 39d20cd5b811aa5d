// Worker thread of the upload analysis pool (analysis-pool.ts). The API's sources are TypeScript: register tsx in
// this thread (a no-op when the process already runs under tsx), then load the analysis.
import { register } from 'tsx/esm/api';

register();
const { analyzeUpload } = await import('./analysis.ts');

export default analyzeUpload;
