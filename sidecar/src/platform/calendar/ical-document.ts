// iCalendar documents read and written with ical.js: parse a stored object, start a new one, find its master
// component, and mark a component as changed. Unknown properties survive because whole documents round-trip.
import ICAL from 'ical.js';
import { UpstreamError } from '../../errors.js';
import { nowUtc } from './ical-time.js';
import { addMissingTimeZones, registerZonesNamedIn } from './time-zones.js';

export type ItemKind = 'vevent' | 'vtodo';

export const PRODUCT_ID = '-//Nextcloud MCP Server//EN';

export function parseCalendarDocument(ics: string): ICAL.Component {
  registerZonesNamedIn(ics);
  try {
    const component = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    if (component.name !== 'vcalendar') throw new Error(`not a VCALENDAR but ${component.name}`);
    return component;
  } catch (error) {
    throw new UpstreamError('Nextcloud returned calendar data that could not be read.', { cause: error });
  }
}

/** An empty VCALENDAR with VERSION and PRODID. */
export function newCalendarDocument(): ICAL.Component {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', PRODUCT_ID);
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  return calendar;
}

/** A new component with a fresh UID and the creation stamps. */
export function newItemComponent(kind: ItemKind): ICAL.Component {
  const component = new ICAL.Component(kind);
  const now = nowUtc();
  component.addPropertyWithValue('uid', crypto.randomUUID());
  component.addPropertyWithValue('dtstamp', now);
  component.addPropertyWithValue('created', now);
  component.addPropertyWithValue('last-modified', now);
  return component;
}

/** The document as text, with a VTIMEZONE for every TZID it uses (Nextcloud needs them to place the times). */
export function serializeCalendar(calendar: ICAL.Component): string {
  addMissingTimeZones(calendar);
  return `${calendar.toString()}\r\n`;
}

/** The component of this kind without RECURRENCE-ID (the master of a recurring item), else the first one. */
export function findMaster(calendar: ICAL.Component, kind: ItemKind): ICAL.Component | undefined {
  const components = calendar.getAllSubcomponents(kind);
  return components.find((component) => !component.hasProperty('recurrence-id')) ?? components[0];
}

/**
 * Updates DTSTAMP and LAST-MODIFIED and increments SEQUENCE, as clients do on every change. An attendee's reply
 * keeps SEQUENCE: only the organizer's changes count (RFC 5546 2.1.4).
 */
export function markChanged(component: ICAL.Component, { reply = false } = {}): void {
  const now = nowUtc();
  component.updatePropertyWithValue('dtstamp', now);
  component.updatePropertyWithValue('last-modified', now);
  if (reply) return;
  const sequence = Number(component.getFirstPropertyValue('sequence') ?? 0);
  component.updatePropertyWithValue('sequence', Number.isFinite(sequence) ? sequence + 1 : 1);
}

/** Sets a text property, or removes it when the value is null or empty. */
export function setTextProperty(component: ICAL.Component, name: string, value: string | null): void {
  if (value === null || value === '') component.removeAllProperties(name);
  else component.updatePropertyWithValue(name, value);
}

export function textProperty(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** CATEGORIES values across all CATEGORIES properties. */
export function readCategories(component: ICAL.Component): string[] {
  return component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues())
    .filter((value): value is string => typeof value === 'string' && value !== '');
}

export function writeCategories(component: ICAL.Component, categories: string[]): void {
  component.removeAllProperties('categories');
  if (categories.length === 0) return;
  const property = new ICAL.Property('categories', component);
  property.setValues(categories);
  component.addProperty(property);
}
