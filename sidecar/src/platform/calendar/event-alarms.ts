// Reminders of an event or task (VALARM): read their triggers, and replace them with new ones.
import ICAL from 'ical.js';

export type AlarmAction = 'DISPLAY' | 'EMAIL' | 'AUDIO';

export interface Alarm {
  action: string;
  /** Minutes before the start (negative: after); undefined for absolute triggers or ones relative to the end. */
  minutesBefore?: number;
  /** The trigger as iCalendar writes it: a duration (-PT15M) or a UTC date-time. */
  trigger: string;
  description?: string;
}

export interface AlarmInput {
  minutesBefore: number;
  action: 'DISPLAY' | 'EMAIL';
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

/** Removes every VALARM and adds one per input, each triggering relative to the start. */
export function replaceAlarms(component: ICAL.Component, alarms: AlarmInput[], fallbackText: string): void {
  component.removeAllSubcomponents('valarm');
  for (const input of alarms) {
    const alarm = new ICAL.Component('valarm');
    alarm.addPropertyWithValue('action', input.action);
    alarm.addPropertyWithValue('trigger', ICAL.Duration.fromSeconds(-input.minutesBefore * 60));
    alarm.addPropertyWithValue('description', input.description ?? fallbackText);
    if (input.action === 'EMAIL') alarm.addPropertyWithValue('summary', input.description ?? fallbackText);
    component.addSubcomponent(alarm);
  }
}
