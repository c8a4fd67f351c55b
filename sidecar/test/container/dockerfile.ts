// Reads the Dockerfile into stages of instructions (continuation lines joined, comments dropped).
import { readFileSync } from 'node:fs';
import { ROOT } from './compose-file.js';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

export function readDockerfile(): Stage[] {
  const text = readFileSync(`${ROOT}Dockerfile`, 'utf8');
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') });
    }
  }
  return stages;
}

/** The final stage's ENV as NAME=value pairs (the `ENV A=1 B=2` form). */
export function dockerfileEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of readDockerfile().at(-1)?.instructions ?? []) {
    if (keyword !== 'ENV') continue;
    for (const [, name = '', value = ''] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) env[name] = value;
  }
  return env;
}
