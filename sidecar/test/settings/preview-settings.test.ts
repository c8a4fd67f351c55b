// PDF_PREVIEW_MAX_BYTES: 100 MiB by default, a positive whole number of bytes up to 1 GiB otherwise; the file cache's
// bytes (512 MiB, 0 keeps none) and idle seconds (300, at most a day); the ETag trust window (15 s, 0 asks every time);
// previews in flight (8 in all, 1 per user, always below the total); failed pages remembered (600 s, 0 forgets).
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

describe('PDF_PREVIEW_MAX_IN_FLIGHT and PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER', () => {
  it('are 8 in all and 1 per user unless set, and the values given otherwise', () => {
    const settings = [
      parseSettings(BASIC),
      parseSettings({ ...BASIC, PDF_PREVIEW_MAX_IN_FLIGHT: '16', PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER: '3' }),
    ];

    expect(settings.map(({ preview }) => [preview.maxInFlight, preview.maxInFlightPerUser])).toEqual([
      [8, 1],
      [16, 3],
    ]);
  });

  it.each([
    [{ PDF_PREVIEW_MAX_IN_FLIGHT: '1' }, 'PDF_PREVIEW_MAX_IN_FLIGHT'],
    [{ PDF_PREVIEW_MAX_IN_FLIGHT: '65' }, 'PDF_PREVIEW_MAX_IN_FLIGHT'],
    [{ PDF_PREVIEW_MAX_IN_FLIGHT: 'many' }, 'PDF_PREVIEW_MAX_IN_FLIGHT'],
    [{ PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER: '0' }, 'PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER'],
    [{ PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER: '8' }, 'PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER'],
    [{ PDF_PREVIEW_MAX_IN_FLIGHT: '4', PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER: '4' }, 'PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER'],
  ])('refuses %o with a clear problem', (env, name) => {
    const problems = problemsOf(env);

    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} must be`))]);
  });
});

describe('PDF_PREVIEW_FAILURE_MEMORY_SECONDS', () => {
  it('is 10 minutes unless set, the value given otherwise, and 0 tries a failed page again every time', () => {
    const settings = ['', '60', '0'].map((value) =>
      parseSettings(value === '' ? BASIC : { ...BASIC, PDF_PREVIEW_FAILURE_MEMORY_SECONDS: value }),
    );

    expect(settings.map(({ preview }) => preview.failureMemoryMs)).toEqual([600_000, 60_000, 0]);
  });

  it.each(['-1', '2.5', '86401', 'long'])('refuses %s with a clear problem', (value) => {
    const problems = problemsOf({ PDF_PREVIEW_FAILURE_MEMORY_SECONDS: value });

    expect(problems).toEqual([expect.stringMatching(/^PDF_PREVIEW_FAILURE_MEMORY_SECONDS must be/)]);
  });
});
