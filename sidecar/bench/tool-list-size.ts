// The size of the tools/list answer (what every assistant pays in its context window): all tools (MCP_LIST_ALL_TOOLS),
// the default tool groups a session starts with, and each group on its own.
import { pathToFileURL } from 'node:url';
import { measureToolList } from '../src/mcp/listed-tools.js';
import { ALL_TOOLS } from '../src/mcp/tool-catalog.js';
import { DEFAULT_TOOL_GROUPS } from '../src/mcp/tool-groups.js';
import { printLine, type BenchLine } from './report.js';

export const TOOL_LIST_BUDGET_BYTES = 64 * 1024;
/** The default list leaves room in a client's tool budget (often around 100 tools) for other servers. */
const DEFAULT_LIST_BUDGET_BYTES = 40 * 1024;
const DEFAULT_LIST_MAX_TOOLS = 50;

export function benchToolListSize(): BenchLine[] {
  const { totalBytes, bytesByApp } = measureToolList(ALL_TOOLS);
  for (const [app, bytes] of bytesByApp) {
    const count = ALL_TOOLS.filter((tool) => tool.app === app).length;
    const listed = DEFAULT_TOOL_GROUPS.has(app) ? 'listed by default' : 'enabled on demand';
    console.log(
      `  group ${app.padEnd(9)} ${String(count).padStart(3)} tools ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${listed}`,
    );
  }
  const defaults = ALL_TOOLS.filter((tool) => DEFAULT_TOOL_GROUPS.has(tool.app));
  const defaultBytes = measureToolList(defaults).totalBytes;
  const lines: BenchLine[] = [
    {
      name: `tools/list size, all ${ALL_TOOLS.length} tools (MCP_LIST_ALL_TOOLS)`,
      value: totalBytes / 1024,
      unit: 'KB',
      target: `<= ${TOOL_LIST_BUDGET_BYTES / 1024} KB`,
      pass: totalBytes <= TOOL_LIST_BUDGET_BYTES,
    },
    {
      name: `tools/list size, the ${defaults.length} tools of the default groups (${[...DEFAULT_TOOL_GROUPS].join(', ')})`,
      value: defaultBytes / 1024,
      unit: 'KB',
      target: `<= ${DEFAULT_LIST_BUDGET_BYTES / 1024} KB and <= ${DEFAULT_LIST_MAX_TOOLS} tools`,
      pass: defaultBytes <= DEFAULT_LIST_BUDGET_BYTES && defaults.length <= DEFAULT_LIST_MAX_TOOLS,
    },
  ];
  lines.forEach(printLine);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchToolListSize();
