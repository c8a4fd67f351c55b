// The size of the full tools/list answer (what every assistant pays in its context window), in all and by app.
import { pathToFileURL } from 'node:url';
import { measureToolList } from '../src/mcp/listed-tools.js';
import { ALL_TOOLS } from '../src/mcp/tool-catalog.js';
import { printLine, type BenchLine } from './report.js';

export const TOOL_LIST_BUDGET_BYTES = 64 * 1024;

export function benchToolListSize(): BenchLine[] {
  const { totalBytes, bytesByApp } = measureToolList(ALL_TOOLS);
  for (const [app, bytes] of bytesByApp) {
    const count = ALL_TOOLS.filter((tool) => tool.app === app).length;
    console.log(`  ${app.padEnd(9)} ${String(count).padStart(3)} tools ${(bytes / 1024).toFixed(1).padStart(6)} KB`);
  }
  const line: BenchLine = {
    name: `tools/list size, all ${ALL_TOOLS.length} tools`,
    value: totalBytes / 1024,
    unit: 'KB',
    target: `<= ${TOOL_LIST_BUDGET_BYTES / 1024} KB`,
    pass: totalBytes <= TOOL_LIST_BUDGET_BYTES,
  };
  printLine(line);
  return [line];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchToolListSize();
