// Tools of the news app (filled in by the news work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const NEWS_TOOLS: ToolDefinition[] = [];
