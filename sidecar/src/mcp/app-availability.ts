// Which tool app a Nextcloud has, read from its capabilities; apps without a capability entry count as present.
import type { NextcloudCapabilities } from '../platform/capabilities.js';
import type { ToolApp } from './tool-definition.js';

/** The capabilities key that shows an app is enabled; null for apps Nextcloud always has (core, DAV, search). */
const CAPABILITY_KEYS: Record<ToolApp, string | null> = {
  core: null,
  files: null,
  calendar: null,
  contacts: null,
  search: null,
  notes: 'notes',
  deck: 'deck',
  news: 'news',
  tables: 'tables',
  cookbook: 'cookbook',
  sharing: 'files_sharing',
};

export const TOOL_APPS = Object.keys(CAPABILITY_KEYS) as ToolApp[];

export function isAppInstalled(app: ToolApp, capabilities: NextcloudCapabilities): boolean {
  const key = CAPABILITY_KEYS[app];
  return key === null || key in capabilities.apps;
}
