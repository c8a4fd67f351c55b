// Tools of the notes app (filled in by the notes work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const NOTES_TOOLS: ToolDefinition[] = [];
