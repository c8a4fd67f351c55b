// Tools of the deck app (filled in by the deck work; empty until then).
import type { ToolDefinition } from '../tool-definition.js';

export const DECK_TOOLS: ToolDefinition[] = [];
