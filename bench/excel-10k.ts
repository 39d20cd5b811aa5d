/**
 * The Excel report of the ministry list (seed 001 §7 'Informe Ministerio', "Excel report of 10 000 rows
 * generated in the browser in under 3 s"): builds the same workbook the SPA builds (exceljs) for 10 000 report
 * rows and writes the .xlsx bytes, here in Node. The in-browser figure is measured by the Chromium journey
 * e2e/src/ministerio-list.e2e.test.ts (it prints "[bench] Excel of 10 000 rows generated in Chromium").
 */
import { buildReportXlsx } from '../apps/web/src/features/ministerio/utils/report-excel.ts';
import { reportRows } from '../apps/web/src/features/ministerio/test/fixtures.ts';

const ROWS = 10_000;
const rows = reportRows(ROWS);

await buildReportXlsx(rows.slice(0, 100)); // load exceljs once
const times: number[] = [];
let size = 0;
for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  const bytes = await buildReportXlsx(rows);
  times.push(performance.now() - t0);
  size = bytes.byteLength;
}
times.sort((a, b) => a - b);
console.log(
  `Excel report, ${ROWS} rows (exceljs, Node ${process.version}): median ${times[2]!.toFixed(0)} ms, worst ${times[4]!.toFixed(0)} ms, ${(size / 1024).toFixed(0)} KiB (5 runs; target < 3000 ms in the browser)`,
);
