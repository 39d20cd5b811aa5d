// Worker thread of the RIPS spreadsheet pool (sheet-pool.ts): registers tsx in this thread (a no-op when the process
// already runs under tsx), then loads the task runner.
import { register } from 'tsx/esm/api';

register();
const { runSheetTask } = await import('./sheet-task.ts');

export default runSheetTask;
