// Tools of the calendar app: calendars, events and tasks over CalDAV.
import type { ToolDefinition } from '../../tool-definition.js';
import { CALENDAR_COLLECTION_TOOLS } from './calendar-tools.js';
import { EVENT_TOOLS } from './event-tools.js';
import { SCHEDULING_TOOLS } from './scheduling-tools.js';
import { TASK_TOOLS } from './task-tools.js';

export const CALENDAR_TOOLS: ToolDefinition[] = [
  ...CALENDAR_COLLECTION_TOOLS,
  ...EVENT_TOOLS,
  ...SCHEDULING_TOOLS,
  ...TASK_TOOLS,
];
