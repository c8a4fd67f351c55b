// The contract fixtures of the sidecar's answers (test/contract/sidecar-*.json), which the companion's PHP and
// TypeScript are tested with, are answers sidecar/openapi.json allows: the document stays the one source.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../../test/contract/conformance.js';
import { createAnswerChecker, loadOpenApi } from '../support/openapi.js';

/** Each fixture of a sidecar answer and the schema of the document it is an instance of. */
const SCHEMA_OF_FIXTURE: Record<string, string> = {
  'sidecar-status.json': 'Status',
  'sidecar-status-hybrid.json': 'Status',
  'sidecar-status-own-server.json': 'Status',
  'sidecar-connection.json': 'Connection',
  'sidecar-app-password-stored.json': 'AppPasswordStored',
  'sidecar-app-password-status.json': 'AppPasswordStatus',
  'sidecar-app-password-deleted.json': 'AppPasswordDeleted',
  'sidecar-session.json': 'Session',
  'sidecar-session-refresh-token.json': 'Session',
  'sidecar-session-disabled.json': 'Session',
  'sidecar-revoke.json': 'Revoked',
  'sidecar-oauth-clients.json': 'ConnectedClients',
  'sidecar-oauth-clients-nextcloud.json': 'ConnectedClients',
  'sidecar-login-flow-started.json': 'LoginFlowStarted',
  'sidecar-login-flow-poll.json': 'LoginFlowPoll',
  'sidecar-search.json': 'SearchAnswer',
  'sidecar-search-nextcloud.json': 'SearchAnswer',
  'sidecar-search-points.json': 'PointsAnswer',
  'sidecar-chunk-context.json': 'ChunkContext',
  'sidecar-pdf-preview.json': 'PdfPage',
  'sidecar-error.json': 'Error',
  // The companion answers its own errors in the same shape.
  'error-response.json': 'Error',
};
const CONTRACT_DIR = new URL('../../../test/contract/', import.meta.url);

describe('the contract fixtures of sidecar answers', () => {
  const checker = createAnswerChecker(loadOpenApi());

  it('name a schema of the document for every sidecar fixture', () => {
    const fixtures = readdirSync(CONTRACT_DIR).filter((name) => name.startsWith('sidecar-'));

    expect(fixtures.filter((name) => !(name in SCHEMA_OF_FIXTURE))).toEqual([]);
  });

  it.each(Object.entries(SCHEMA_OF_FIXTURE))('%s is a valid %s', (fixture, schema) => {
    const problems = checker.schemaProblems(schema, loadFixture(fixture));

    expect(problems).toEqual([]);
  });
});
