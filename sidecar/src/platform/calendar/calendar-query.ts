// CalDAV calendar-query REPORTs: the events or tasks of a calendar, optionally within a time range or with a given
// UID, or whose SUMMARY contains a text. Recurring events come back as stored (not expanded by the server, which would turn their times into UTC).
import type ICAL from 'ical.js';
import { calendarPaths } from './calendar-paths.js';
import type { DavAccount } from '../dav/dav-account.js';
import { DAV_NAMESPACES, escapeXml, lastSegment, requestMultistatus, textOf } from '../dav/dav-multistatus.js';
import { formatUtcStamp } from './ical-time.js';

/** One stored calendar object (.ics resource). */
export interface CalendarObject {
  calendarId: string;
  /** The resource name in its calendar, e.g. "4f1c….ics". */
  fileName: string;
  etag: string;
  ics: string;
}

export interface CalendarQuery {
  component: 'VEVENT' | 'VTODO';
  /** Objects with an occurrence in this range; dates count from midnight in `zone`. */
  timeRange?: { start: ICAL.Time; end: ICAL.Time; zone: ICAL.Timezone };
  uid?: string;
  /** Objects whose SUMMARY contains this text, ignoring ASCII case (CalDAV text-match, i;ascii-casemap). */
  summaryContains?: string;
}

export async function queryCalendarObjects(
  account: DavAccount,
  calendarId: string,
  query: CalendarQuery,
): Promise<CalendarObject[]> {
  const responses = await requestMultistatus(account.client, calendarPaths.calendar(account.userId, calendarId), {
    method: 'REPORT',
    depth: '1',
    body: renderQuery(query),
  });
  return responses.flatMap((response) => {
    const ics = textOf(response.props['calendar-data']);
    if (!ics || response.href.endsWith('/')) return [];
    return [{ calendarId, fileName: lastSegment(response.href), etag: textOf(response.props.getetag) ?? '', ics }];
  });
}

function renderQuery(query: CalendarQuery): string {
  const range = query.timeRange;
  const timeRange = range
    ? `<c:time-range start="${formatUtcStamp(range.start, range.zone)}" end="${formatUtcStamp(range.end, range.zone)}"/>`
    : '';
  const uid = query.uid
    ? `<c:prop-filter name="UID"><c:text-match collation="i;octet">${escapeXml(query.uid)}</c:text-match></c:prop-filter>`
    : '';
  // unverified: a SUMMARY text-match without a collation matches substrings ignoring ASCII case (source: sabre/dav
  // lib/CalDAV/CalendarQueryValidator.php with DAV\StringUtil::textMatch, default collation i;ascii-casemap).
  const summary = query.summaryContains
    ? `<c:prop-filter name="SUMMARY"><c:text-match>${escapeXml(query.summaryContains)}</c:text-match></c:prop-filter>`
    : '';
  return (
    `<c:calendar-query ${DAV_NAMESPACES}><d:prop><d:getetag/>` +
    '<c:calendar-data/></d:prop>' +
    `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="${query.component}">${timeRange}${uid}${summary}` +
    '</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>'
  );
}
