import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { validateFile } from './validate-file';

describe('validateFile (seed 001 §5)', () => {
  it('accepts the right extension up to 10 MB', () => {
    expect(validateFile({ name: 'FE123.xml', size: MAX_UPLOAD_BYTES }, 'xml')).toBeNull();
    expect(validateFile({ name: 'RIPS.JSON', size: 10 }, 'json')).toBeNull();
  });
  it('refuses more than 10 MB', () => {
    expect(validateFile({ name: 'a.xml', size: MAX_UPLOAD_BYTES + 1 }, 'xml')).toBe(MSG.fileTooLarge);
  });
  it('refuses the other extension', () => {
    expect(validateFile({ name: 'a.json', size: 1 }, 'xml')).toBe('Solo se permiten archivos XML');
    expect(validateFile({ name: 'a.xml', size: 1 }, 'json')).toBe('Solo se permiten archivos JSON');
    expect(validateFile({ name: 'xml', size: 1 }, 'xml')).toBe(MSG.onlyXml);
  });
});
