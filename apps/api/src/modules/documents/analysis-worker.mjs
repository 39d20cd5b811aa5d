// Worker thread of the upload analysis pool (analysis-pool.ts) when the API runs from its TypeScript sources: register
// tsx in this thread (a no-op when the process already runs under tsx), then load the task. The compiled build has
// its own bundle of analysis-task.ts instead (scripts/build.mjs, docs/decisions/032).
import { register } from 'tsx/esm/api';

register();
const { default: runAnalysisTask } = await import('./analysis-task.ts');

export default runAnalysisTask;
