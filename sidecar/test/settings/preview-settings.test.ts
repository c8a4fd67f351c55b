// PDF_PREVIEW_MAX_BYTES: 100 MiB by default, a positive whole number of bytes up to 1 GiB otherwise.
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

describe('PDF_PREVIEW_MAX_BYTES', () => {
  it('is 100 MiB unless set, and the value given otherwise', () => {
    const settings = [parseSettings(BASIC), parseSettings({ ...BASIC, PDF_PREVIEW_MAX_BYTES: '5000000' })];

    expect(settings.map((each) => each.preview.maxBytes)).toEqual([104_857_600, 5_000_000]);
  });

  it.each(['0', '-1', '1.5', '10MB', '1073741825'])('refuses %s with a clear problem', (value) => {
    const problems = problemsOf({ PDF_PREVIEW_MAX_BYTES: value });

    expect(problems).toEqual([expect.stringMatching(/^PDF_PREVIEW_MAX_BYTES must be/)]);
  });
});
