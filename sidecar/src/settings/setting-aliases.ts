// Renamed settings: each old name still works as an alias of its new one, because existing deployments (and the
// project's original specification) set the old names. The knowledge capability was called "vector sync" first.
import type { Environment } from './environment.js';
import type { SettingsNotice } from './settings-shape.js';

/** New name → the old name that still works for it (the README lists both). */
export const SETTING_ALIASES: Readonly<Record<string, string>> = {
  KNOWLEDGE_ENABLED: 'VECTOR_SYNC_ENABLED',
  KNOWLEDGE_SCAN_INTERVAL: 'VECTOR_SYNC_SCAN_INTERVAL',
  KNOWLEDGE_WORKERS: 'VECTOR_SYNC_WORKERS',
  KNOWLEDGE_QUEUE_MAX: 'VECTOR_SYNC_QUEUE_MAX',
  KNOWLEDGE_QUEUE_MAX_PER_USER: 'VECTOR_SYNC_QUEUE_MAX_PER_USER',
  KNOWLEDGE_MAX_ATTEMPTS: 'VECTOR_SYNC_MAX_ATTEMPTS',
  KNOWLEDGE_MAX_FILE_BYTES: 'VECTOR_SYNC_MAX_FILE_BYTES',
  KNOWLEDGE_PDF_WORKERS: 'VECTOR_SYNC_PDF_WORKERS',
  KNOWLEDGE_PDF_PAGE_TIMEOUT: 'VECTOR_SYNC_PDF_PAGE_TIMEOUT',
  KNOWLEDGE_PDF_DOCUMENT_TIMEOUT: 'VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT',
  KNOWLEDGE_PDF_WORKER_MEMORY_MB: 'VECTOR_SYNC_PDF_WORKER_MEMORY_MB',
};

export interface ResolvedAliases {
  /** A variable's raw value; a new name set nowhere but under its old name reads the old name's value. */
  valueOf(name: string): string | undefined;
  /** Rewrites a problem so that it names each setting as the deployment spelled it (old name when that was set). */
  spelledAsGiven(problem: string): string;
}

/**
 * Applies the aliases: an old name set alone counts as its new name and adds a notice naming the new one; old and new
 * set to different values is a problem naming both (the same value is accepted).
 */
export function resolveSettingAliases(
  env: Environment,
  problems: string[],
  notices: SettingsNotice[],
): ResolvedAliases {
  const fromOldName = new Map<string, string>();
  for (const [newName, oldName] of Object.entries(SETTING_ALIASES)) {
    const current = env[newName]?.trim();
    const old = env[oldName]?.trim();
    if (!old) continue;
    if (current && current !== old) {
      problems.push(
        `${newName} ("${current}") and its old name ${oldName} ("${old}") are both set, to different values; ` +
          `keep only ${newName}.`,
      );
      continue;
    }
    notices.push({ level: 'warn', message: `${oldName} is an old name of ${newName}; set ${newName} instead.` });
    if (!current) fromOldName.set(newName, oldName);
  }
  return {
    valueOf: (name) => env[fromOldName.get(name) ?? name],
    spelledAsGiven: (problem) =>
      [...fromOldName].reduce(
        (text, [newName, oldName]) => text.replace(new RegExp(`\\b${newName}\\b`, 'g'), oldName),
        problem,
      ),
  };
}
