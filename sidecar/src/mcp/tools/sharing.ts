// Tools of the sharing app (filled in by the sharing work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const SHARING_TOOLS: ToolDefinition[] = [];
