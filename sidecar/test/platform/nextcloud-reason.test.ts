// Nextcloud's reason for a failure reaches the caller in a short, safe form, read from each shape its APIs answer with.
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/platform/nextcloud-client.js';
import { readNextcloudReason } from '../../src/platform/nextcloud-reason.js';
import type { HttpResponse } from '../../src/net/http-client.js';

function answer(status: number, contentType: string, body: string): HttpResponse {
  const bytes = Buffer.from(body, 'utf8');
  return {
    status,
    headers: { 'content-type': contentType },
    body: bytes,
    text: () => body,
    json: () => JSON.parse(body) as unknown,
  };
}

describe('readNextcloudReason', () => {
  it('reads the WebDAV (Sabre) message', () => {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">' +
      '<s:exception>Sabre\\DAV\\Exception\\Forbidden</s:exception>' +
      '<s:message>iCalendar objects must at least have a component of type VEVENT</s:message></d:error>';

    expect(readNextcloudReason(answer(403, 'application/xml; charset=utf-8', xml))).toBe(
      'iCalendar objects must at least have a component of type VEVENT',
    );
  });

  it('reads the OCS meta message, or the OCS data when the message is empty', () => {
    const withMessage =
      '{"ocs":{"meta":{"status":"failure","statuscode":404,"message":"Wrong share ID, share does not exist"},"data":[]}}';
    const withData =
      '{"ocs":{"meta":{"status":"failure","statuscode":400,"message":""},"data":"No valid filters provided"}}';

    expect(readNextcloudReason(answer(404, 'application/json', withMessage))).toBe(
      'Wrong share ID, share does not exist',
    );
    expect(readNextcloudReason(answer(400, 'application/json', withData))).toBe('No valid filters provided');
  });

  it("reads an app's JSON message (Deck, News) and Notes' error type", () => {
    const deck = '{"status":400,"message":"The user is not part of the board"}';
    const notes = '{"errorType":"OCA\\\\Notes\\\\Service\\\\NoteDoesNotExistException"}';

    expect(readNextcloudReason(answer(400, 'application/json', deck))).toBe('The user is not part of the board');
    expect(readNextcloudReason(answer(404, 'application/json', notes))).toBe('NoteDoesNotExistException');
  });

  it('gives nothing for an HTML page or an empty body', () => {
    expect(readNextcloudReason(answer(500, 'text/html', '<html><body>Internal Server Error</body></html>'))).toBe(
      undefined,
    );
    expect(readNextcloudReason(answer(404, 'application/json', '[]'))).toBe(undefined);
  });

  it('removes URLs, server paths and control characters, and shortens long reasons', () => {
    const body = JSON.stringify({
      message: `Could not reach https://internal.example:8443/secret at /var/www/html/lib/x.php\n${'x'.repeat(300)}`,
    });

    const reason = readNextcloudReason(answer(500, 'application/json', body)) ?? '';

    expect(reason).not.toMatch(/https?:|\/var\/www|\n/);
    expect(reason.length).toBeLessThanOrEqual(160);
  });
});

describe('readNextcloudReason on database and PHP internals', () => {
  it.each([
    [
      'News and Tables quoting the query',
      'Did expect one result but found none when executing: query "SELECT * FROM `*PREFIX*news_feeds` WHERE ' +
        "(`id` = :dcValue1) AND (`user_id` = :dcValue2)\"; parameters array (\n  'dcValue1' => 9,\n)",
      'Did expect one result but found none',
    ],
    [
      'a driver exception',
      'An exception occurred while executing a query: SQLSTATE[23505]: Unique violation: 7 ERROR: duplicate key',
      'An exception occurred while executing a query:',
    ],
    ['a class-prefixed message', 'OCA\\Tables\\Service\\RowService - delete: Row not found.', 'delete: Row not found.'],
  ])('keeps only the words before the SQL of %s, without class names', (_, message, expected) => {
    const reason = readNextcloudReason(answer(404, 'application/json', JSON.stringify({ message })));

    expect(reason).toBe(expected);
    expect(reason).not.toMatch(/SELECT|PREFIX|SQLSTATE|dcValue|OCA/);
  });
});

describe('describeFailure', () => {
  it("puts Nextcloud's reason into the safe message of the sidecar's error", () => {
    const error = describeFailure(
      answer(
        404,
        'application/xml',
        '<d:error><s:message>File with name //nope could not be located</s:message></d:error>',
      ),
    );

    expect(error.message).toBe(
      'Nextcloud has no such item. Nextcloud said: "File with name //nope could not be located"',
    );
  });

  it('never repeats a reason for refused credentials', () => {
    const error = describeFailure(answer(401, 'application/json', '{"message":"Current user is not logged in"}'));

    expect(error.message).toBe('Nextcloud did not accept the credentials.');
  });
});
