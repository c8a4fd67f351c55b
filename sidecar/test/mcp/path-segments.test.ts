// Ids that become path segments of Nextcloud URLs: "." and ".." are refused before anything is sent, so that no URL
// parser can resolve them into another resource (another user's calendar home, another API route).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolHarness, errorText, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

let harness: ToolHarness;
beforeAll(async () => {
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [] });
});
afterAll(() => harness.close());

const traversals = () =>
  harness.nextcloud.requests.filter((request) => /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(request.path.split('?')[0] ?? ''));

describe('ids that are path segments', () => {
  it.each([
    ['nc_calendar_get_event', { calendar_id: '..', event_id: 'x' }],
    ['nc_calendar_list_events', { start: '2027-03-07', end: '2027-03-08', calendar_ids: ['.'] }],
    ['nc_contacts_get', { address_book_id: '..', contact_id: 'x' }],
  ])('%s refuses %j and sends nothing with it', async (tool, args) => {
    const result = await harness.call(tool, args);

    expect(errorText(result)).toMatch(/cannot be empty/);
    expect(traversals()).toEqual([]);
  });

  it('nc_search_query never sends a provider id of ".."', async () => {
    await harness.call('nc_search_query', { query: 'report', provider_ids: ['..'] });

    expect(traversals()).toEqual([]);
  });
});
