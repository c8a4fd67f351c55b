// Tools of the cookbook app (filled in by the cookbook work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const COOKBOOK_TOOLS: ToolDefinition[] = [];
