// IANA time zones for iCalendar: ical.js zones with their VTIMEZONE, from the zone data Nextcloud's calendar app
// writes (@nextcloud/timezones, Windows names and old aliases included), loaded on first use.
import { createRequire } from 'node:module';
import ICAL from 'ical.js';

interface ZoneData {
  version: string;
  aliases: Record<string, string>;
  zones: Record<string, { ics: string[] }>;
}

const loaded = new Map<string, ICAL.Timezone>();
let data: ZoneData | undefined;

/** The zone for an IANA id (or an alias of one); undefined when unknown. `UTC` gives ical.js's UTC zone. */
export function findTimeZone(id: string): ICAL.Timezone | undefined {
  if (/^(UTC|Etc\/UTC|GMT|Z)$/i.test(id)) return ICAL.Timezone.utcTimezone;
  const zoneData = loadZoneData();
  const canonical = zoneData.zones[id] ? id : zoneData.aliases[id];
  const zone = canonical ? zoneData.zones[canonical] : undefined;
  if (!canonical || !zone) return undefined;
  let timezone = loaded.get(canonical);
  if (!timezone) {
    const ics = ['BEGIN:VTIMEZONE', `TZID:${canonical}`, ...zone.ics, 'END:VTIMEZONE'].join('\r\n');
    timezone = new ICAL.Timezone({ component: new ICAL.Component(ICAL.parse(ics) as unknown[]), tzid: canonical });
    loaded.set(canonical, timezone);
    ICAL.TimezoneService.register(timezone, canonical);
  }
  return timezone;
}

/** Whether the zone is UTC (times carry Z and need no VTIMEZONE). */
export function isUtcZone(zone: ICAL.Timezone): boolean {
  return zone.tzid === 'UTC' || zone === ICAL.Timezone.utcTimezone;
}

/**
 * Makes ical.js know every zone an iCalendar text names by TZID, so that objects written by clients that leave out
 * their VTIMEZONE (or use Windows names) still read with the right offsets.
 */
export function registerZonesNamedIn(text: string): void {
  for (const match of text.matchAll(/TZID=("[^"]+"|[^:;\r\n]+)/g)) {
    const id = (match[1] ?? '').replace(/^"|"$/g, '');
    if (!ICAL.TimezoneService.has(id)) {
      const zone = findTimeZone(id);
      if (zone && zone.tzid !== id) ICAL.TimezoneService.register(zone, id);
    }
  }
}

/** Adds a VTIMEZONE for every TZID the document's components use and it does not define yet. */
export function addMissingTimeZones(calendar: ICAL.Component): void {
  const defined = new Set(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')));
  for (const component of calendar.getAllSubcomponents()) {
    for (const property of component.getAllProperties()) {
      const tzid = property.getParameter('tzid');
      if (typeof tzid !== 'string' || defined.has(tzid)) continue;
      const zone = findTimeZone(tzid);
      if (!zone?.component || isUtcZone(zone)) continue;
      const vtimezone = new ICAL.Component(ICAL.parse(zone.component.toString()) as unknown[]);
      vtimezone.updatePropertyWithValue('tzid', tzid);
      calendar.addSubcomponent(vtimezone);
      defined.add(tzid);
    }
  }
}

function loadZoneData(): ZoneData {
  data ??= createRequire(import.meta.url)('@nextcloud/timezones/resources/timezones/zones.json') as ZoneData;
  return data;
}
