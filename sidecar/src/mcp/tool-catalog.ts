// Every tool the sidecar offers, in a stable order (the order clients list them in).
import { CORE_TOOLS } from './tools/core.js';
import type { ToolDefinition } from './tool-definition.js';

export const ALL_TOOLS: ToolDefinition[] = [...CORE_TOOLS] as unknown as ToolDefinition[];
