// The shortcut that sends a request to its 2025-era session says "session" only where the SDK's own classifier says
// "legacy", and the web Request it builds carries what the session's transport reads.
import { isLegacyRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { isSessionRequest, sessionWebRequest } from '../../src/mcp/session-request.js';

const SESSION = { 'mcp-session-id': 'b6a7c1de-0000-4000-8000-000000000001' };
const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'nc_core_whoami', arguments: {} } };
const modernCall = {
  ...call,
  params: { ...call.params, _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' } },
};

const cases: { name: string; headers: Record<string, string>; body: unknown; session: boolean }[] = [
  {
    name: 'a tool call in a session',
    headers: { ...SESSION, 'mcp-protocol-version': '2025-06-18' },
    body: call,
    session: true,
  },
  { name: 'a call without a version header', headers: SESSION, body: call, session: true },
  {
    name: 'a call with a progress token',
    headers: SESSION,
    body: { ...call, params: { ...call.params, _meta: { progressToken: 7 } } },
    session: true,
  },
  {
    name: 'a notification',
    headers: SESSION,
    body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    session: true,
  },
  { name: 'a posted response', headers: SESSION, body: { jsonrpc: '2.0', id: 1, result: {} }, session: true },
  { name: 'a call without a session', headers: { 'mcp-protocol-version': '2025-06-18' }, body: call, session: false },
  { name: 'a 2026-07-28 envelope', headers: SESSION, body: modernCall, session: false },
  {
    name: 'a 2026-07-28 header',
    headers: { ...SESSION, 'mcp-protocol-version': '2026-07-28' },
    body: call,
    session: false,
  },
  { name: 'a batch', headers: SESSION, body: [call], session: false },
];

function webRequest(headers: Record<string, string>, body: unknown): Request {
  return new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

describe('recognising a request of a 2025-era session', () => {
  it.each(cases)('says $session for $name, and "session" only where the SDK says legacy', async (sample) => {
    const session = isSessionRequest(sample.headers, sample.body);

    expect(session).toBe(sample.session);
    if (session) expect(await isLegacyRequest(webRequest(sample.headers, sample.body), sample.body)).toBe(true);
  });
});

describe('the web Request of a session request', () => {
  it('carries the method, the address and every header, repeated ones included, and no body', () => {
    const request = sessionWebRequest('POST', '/mcp?x=1', {
      host: 'mcp.example:8080',
      ...SESSION,
      accept: 'application/json, text/event-stream',
      'x-forwarded-for': ['10.0.0.1', '10.0.0.2'],
    });

    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://mcp.example:8080/mcp?x=1');
    expect(request.headers.get('mcp-session-id')).toBe(SESSION['mcp-session-id']);
    expect(request.headers.get('accept')).toBe('application/json, text/event-stream');
    expect(request.headers.get('x-forwarded-for')).toBe('10.0.0.1, 10.0.0.2');
    expect(request.body).toBeNull();
  });
});
