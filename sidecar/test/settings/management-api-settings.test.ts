// Settings of the management API's callers: the OAuth clients it trusts besides the sidecar's own, and the budget of
// failed validations of all client addresses together.
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

describe('MANAGEMENT_API_TRUSTED_CLIENTS', () => {
  it('trusts no other client by default: only the sidecar’s own', () => {
    expect(parseSettings(BASIC).managementApi.trustedClients).toEqual([]);
  });

  it('takes a comma-separated list of client ids', () => {
    const settings = parseSettings({ ...BASIC, MANAGEMENT_API_TRUSTED_CLIENTS: ' companion-1, Ab12Cd34 ,,' });

    expect(settings.managementApi.trustedClients).toEqual(['companion-1', 'Ab12Cd34']);
  });

  it('names every entry that cannot be a client id', () => {
    expect(problemsOf({ MANAGEMENT_API_TRUSTED_CLIENTS: 'good,two words,tab\there' })).toEqual([
      expect.stringContaining('MANAGEMENT_API_TRUSTED_CLIENTS must be a comma-separated list of OAuth client ids'),
    ]);
    expect(problemsOf({ MANAGEMENT_API_TRUSTED_CLIENTS: 'good,two words' })[0]).toContain('"two words"');
  });
});

describe('FAILED_VALIDATIONS_TOTAL_LIMIT', () => {
  it('allows 30 failed validations of all addresses together by default', () => {
    expect(parseSettings(BASIC).managementApi.failedValidationsTotalLimit).toBe(30);
  });

  it('takes a positive whole number and refuses anything else by name', () => {
    expect(parseSettings({ ...BASIC, FAILED_VALIDATIONS_TOTAL_LIMIT: '100' }).managementApi).toMatchObject({
      failedValidationsTotalLimit: 100,
    });
    expect(problemsOf({ FAILED_VALIDATIONS_TOTAL_LIMIT: '0' })).toEqual([
      'FAILED_VALIDATIONS_TOTAL_LIMIT must be a positive whole number (got "0").',
    ]);
  });
});
