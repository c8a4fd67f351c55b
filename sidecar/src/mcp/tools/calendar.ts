// Tools of the calendar app (filled in by the calendar work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const CALENDAR_TOOLS: ToolDefinition[] = [];
