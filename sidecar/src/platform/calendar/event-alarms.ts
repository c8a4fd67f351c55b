// Reminders of an event or task (VALARM): read their triggers, and replace them with new ones.
import ICAL from 'ical.js';

export interface Alarm {
  action: string;
  /** Minutes before the start (negative: after); undefined for absolute triggers or ones relative to the end. */
  minutesBefore?: number;
  /** The trigger as iCalendar writes it: a duration (-PT15M) or a UTC date-time. */
  trigger: string;
  description?: string;
}

export function readAlarms(component: ICAL.Component): Alarm[] {
  return component.getAllSubcomponents('valarm').map((alarm) => {
    const trigger = alarm.getFirstProperty('trigger');
    const value = trigger?.getFirstValue();
    const relatedToEnd = trigger?.getParameter('related') === 'END';
    const minutesBefore =
      value instanceof ICAL.Duration && !relatedToEnd ? Math.round(-value.toSeconds() / 60) : undefined;
    const description = alarm.getFirstPropertyValue('description');
    return {
      action: String(alarm.getFirstPropertyValue('action') ?? 'DISPLAY'),
      minutesBefore,
      trigger: value === undefined || value === null ? '' : String(value.toString()),
      description: typeof description === 'string' && description !== '' ? description : undefined,
    };
  });
}

/** Removes every VALARM and adds a DISPLAY reminder per entry, `minutesBefore` the start. */
export function replaceAlarms(component: ICAL.Component, minutesBefore: number[], text: string): void {
  component.removeAllSubcomponents('valarm');
  for (const minutes of minutesBefore) {
    const alarm = new ICAL.Component('valarm');
    alarm.addPropertyWithValue('action', 'DISPLAY');
    alarm.addPropertyWithValue('trigger', ICAL.Duration.fromSeconds(-minutes * 60));
    alarm.addPropertyWithValue('description', text);
    component.addSubcomponent(alarm);
  }
}
