// Tools of the contacts app (filled in by the contacts work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const CONTACTS_TOOLS: ToolDefinition[] = [];
