// Attendees and organizer of an event (ATTENDEE, ORGANIZER): read them, and replace the list while keeping what
// Nextcloud recorded for attendees who stay (their replies, extra parameters).
import ICAL from 'ical.js';

export type AttendeeRole = 'REQ-PARTICIPANT' | 'OPT-PARTICIPANT' | 'NON-PARTICIPANT' | 'CHAIR';
export type AttendeeStatus = 'NEEDS-ACTION' | 'ACCEPTED' | 'DECLINED' | 'TENTATIVE' | 'DELEGATED';

export interface Attendee {
  email: string;
  name?: string;
  role?: string;
  status?: string;
  rsvp?: boolean;
}

export interface AttendeeInput {
  email: string;
  name?: string;
  role?: AttendeeRole;
  status?: AttendeeStatus;
  rsvp?: boolean;
}

export interface Organizer {
  email: string;
  name?: string;
}

export function readAttendees(component: ICAL.Component): Attendee[] {
  return component.getAllProperties('attendee').map((property) => ({
    email: emailOf(property),
    name: stringParameter(property, 'cn'),
    role: stringParameter(property, 'role'),
    status: stringParameter(property, 'partstat'),
    rsvp: stringParameter(property, 'rsvp') === undefined ? undefined : stringParameter(property, 'rsvp') === 'TRUE',
  }));
}

export function readOrganizer(component: ICAL.Component): Organizer | undefined {
  const property = component.getFirstProperty('organizer');
  return property ? { email: emailOf(property), name: stringParameter(property, 'cn') } : undefined;
}

/** Makes the ATTENDEE list exactly `attendees`; an attendee already present keeps the parameters not given. */
export function replaceAttendees(component: ICAL.Component, attendees: AttendeeInput[]): void {
  const existing = new Map(component.getAllProperties('attendee').map((p) => [emailOf(p).toLowerCase(), p]));
  component.removeAllProperties('attendee');
  for (const attendee of attendees) {
    const kept = existing.get(attendee.email.toLowerCase());
    const property = kept ?? new ICAL.Property('attendee', component);
    property.setValue(`mailto:${attendee.email}`);
    if (!kept) property.setParameter('cutype', 'INDIVIDUAL');
    setParameter(property, 'cn', attendee.name);
    setParameter(property, 'role', attendee.role ?? (kept ? undefined : 'REQ-PARTICIPANT'));
    setParameter(property, 'partstat', attendee.status ?? (kept ? undefined : 'NEEDS-ACTION'));
    const rsvp = attendee.rsvp ?? (kept ? undefined : true);
    setParameter(property, 'rsvp', rsvp === undefined ? undefined : rsvp ? 'TRUE' : 'FALSE');
    component.addProperty(property);
  }
}

/** Sets ORGANIZER unless the event has one (scheduling in Nextcloud needs it once there are attendees). */
export function ensureOrganizer(component: ICAL.Component, organizer: Organizer): void {
  if (component.hasProperty('organizer')) return;
  const property = new ICAL.Property('organizer', component);
  property.setValue(`mailto:${organizer.email}`);
  setParameter(property, 'cn', organizer.name);
  component.addProperty(property);
}

function emailOf(property: ICAL.Property): string {
  const value = property.getFirstValue();
  return typeof value === 'string' ? value.replace(/^mailto:/i, '') : '';
}

function stringParameter(property: ICAL.Property, name: string): string | undefined {
  const value = property.getParameter(name);
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function setParameter(property: ICAL.Property, name: string, value: string | undefined): void {
  if (value !== undefined) property.setParameter(name, value);
}
