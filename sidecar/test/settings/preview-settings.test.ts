// PDF_PREVIEW_MAX_BYTES: 100 MiB by default, a positive whole number of bytes up to 1 GiB otherwise; the file cache's
// bytes (512 MiB, 0 keeps none) and idle seconds (300, at most a day); the ETag trust window (15 s, 0 asks every time).
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

describe('PDF_PREVIEW_FILE_CACHE_BYTES and PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS', () => {
  it('are 512 MiB and 5 minutes unless set, the values given otherwise, and 0 bytes keeps no file', () => {
    const settings = [
      parseSettings(BASIC),
      parseSettings({ ...BASIC, PDF_PREVIEW_FILE_CACHE_BYTES: '1000', PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS: '60' }),
      parseSettings({ ...BASIC, PDF_PREVIEW_FILE_CACHE_BYTES: '0' }),
    ];

    expect(settings.map(({ preview }) => [preview.fileCacheBytes, preview.fileCacheIdleMs])).toEqual([
      [536_870_912, 300_000],
      [1000, 60_000],
      [0, 300_000],
    ]);
  });

  it.each([
    ['PDF_PREVIEW_FILE_CACHE_BYTES', '-1'],
    ['PDF_PREVIEW_FILE_CACHE_BYTES', '1.5'],
    ['PDF_PREVIEW_FILE_CACHE_BYTES', '512MB'],
    ['PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS', '0'],
    ['PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS', '2.5'],
    ['PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS', '86401'],
  ])('refuses %s=%s with a clear problem', (name, value) => {
    const problems = problemsOf({ [name]: value });

    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} must be`))]);
  });
});

describe('PDF_PREVIEW_ETAG_TRUST_SECONDS', () => {
  it('is 15 seconds unless set, the value given otherwise, and 0 asks Nextcloud every time', () => {
    const settings = ['', '60', '0'].map((value) =>
      parseSettings(value === '' ? BASIC : { ...BASIC, PDF_PREVIEW_ETAG_TRUST_SECONDS: value }),
    );

    expect(settings.map(({ preview }) => preview.etagTrustMs)).toEqual([15_000, 60_000, 0]);
  });

  it.each(['-1', '2.5', '301', 'soon'])('refuses %s with a clear problem', (value) => {
    const problems = problemsOf({ PDF_PREVIEW_ETAG_TRUST_SECONDS: value });

    expect(problems).toEqual([expect.stringMatching(/^PDF_PREVIEW_ETAG_TRUST_SECONDS must be/)]);
  });
});
