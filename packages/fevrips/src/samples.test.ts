import { describe, expect, it } from 'vitest';
import { SAMPLE, listSampleFiles } from '../test/samples.ts';

/**
 * Every file in the shared samples folder must be exercised by a test of this package (see xml, rips,
 * check and info tests). A new sample makes this test fail until it is covered or listed as skipped here.
 */
const NOT_PARSED: Record<string, string> = {
  'SOURCES.md': 'provenance notes, not a fixture',
  [SAMPLE.respuestaMuvTxt]:
    'MUV response (result JSON saved as .txt): read by the MUV client, not by this package',
  [SAMPLE.respuestaPortalTxt]: 'plain-text CUV receipt: read by the MUV client, not by this package',
};

describe('sample coverage', () => {
  it('every sample file is either used by the tests or deliberately skipped', () => {
    const used = new Set<string>(Object.values(SAMPLE));
    const uncovered = listSampleFiles().filter((name) => !used.has(name) && !(name in NOT_PARSED));
    expect(uncovered).toEqual([]);
  });

  it('every named sample exists', () => {
    const present = new Set(listSampleFiles());
    expect(Object.values(SAMPLE).filter((name) => !present.has(name))).toEqual([]);
  });
});
