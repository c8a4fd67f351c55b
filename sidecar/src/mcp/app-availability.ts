// Which tool app a Nextcloud has: from its capabilities, or (for apps that publish none, like News 28 and Mail 5) from the
// user's app menu. An app whose signal Nextcloud did not answer counts as present.
import type { NextcloudCapabilities } from '../platform/capabilities.js';
import type { ToolApp } from './tool-definition.js';

type Signal = { capability: string } | { menu: string } | null;

/** What shows an app is enabled; null for what Nextcloud always has (core, WebDAV, CalDAV, CardDAV, search). */
const SIGNALS: Record<ToolApp, Signal> = {
  core: null,
  files: null,
  calendar: null,
  contacts: null,
  search: null,
  knowledge: null,
  notes: { capability: 'notes' },
  deck: { capability: 'deck' },
  news: { menu: 'news' },
  // No capability (docs/nextcloud-behaviour.md, "Mail"): the menu entry, remembered per caller with the capabilities.
  mail: { menu: 'mail' },
  tables: { capability: 'tables' },
  cookbook: { capability: 'cookbook' },
  // Collectives publishes no capability; its menu entry is the signal (docs/nextcloud-behaviour.md, "Collectives").
  collectives: { menu: 'collectives' },
  sharing: { capability: 'files_sharing' },
};

export const TOOL_APPS = Object.keys(SIGNALS) as ToolApp[];

export function isAppInstalled(app: ToolApp, capabilities: NextcloudCapabilities): boolean {
  const signal = SIGNALS[app];
  if (signal === null) return true;
  if ('capability' in signal) return signal.capability in capabilities.apps;
  return capabilities.menuAppIds === undefined || capabilities.menuAppIds.has(signal.menu);
}
