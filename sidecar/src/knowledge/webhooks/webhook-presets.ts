// What each webhook preset registers at Nextcloud's webhook_listeners: the event classes, the app they need, and the
// `eventFilter` of each registration (always one: a `userIdFilter` alone never fires for API requests). Every filter
// uses only operators webhook_listeners is known to evaluate (webhook-event-filter.ts checks them before sending).

export const NODE_EVENT = 'OCP\\Files\\Events\\Node\\';
export const CALENDAR_EVENT = 'OCP\\Calendar\\Events\\';
export const TABLES_EVENT = 'OCA\\Tables\\Event\\';

export const WEBHOOK_PRESETS = ['files', 'notes', 'calendar', 'tables'] as const;
export type WebhookPreset = (typeof WEBHOOK_PRESETS)[number];

/** Why Deck has no preset: said in the 400 for an unknown preset. */
export const DECK_HAS_NO_PRESET =
  "Deck's card events are not webhook-compatible in Nextcloud (registering them is refused), so deck cards are " +
  'kept fresh by the periodic scan.';

/**
 * The Notes app keeps notes as Markdown files in this folder of the user's files (its default name).
 * unverified: users who changed the folder in Notes' settings (or whose default was localised) get no note webhooks;
 * the periodic scan still finds their notes (source: nextcloud/notes lib/Service/SettingsService.php).
 */
export const NOTES_FOLDER = 'Notes';

export interface PresetRegistration {
  event: string;
  eventFilter: Record<string, unknown>;
}

export interface PresetDefinition {
  /** The Nextcloud app whose events these are (must be enabled). */
  app: string;
  registrations: PresetRegistration[];
}

/** The file events the sync needs: content written, renamed, copied, deleted (the "before" one carries the id). */
const FILE_EVENTS = [
  'NodeWrittenEvent',
  'NodeRenamedEvent',
  'NodeCopiedEvent',
  'BeforeNodeDeletedEvent',
  'NodeDeletedEvent',
];

/** A PCRE `/…/` pattern, as webhook_listeners' filter takes regular expressions. */
const pathPattern = (folder: string) => `/^\\/[^\\/]+\\/files\\/${folder}/`;

function fileRegistrations(folderPattern: string): PresetRegistration[] {
  return FILE_EVENTS.map((name) => {
    // A rename's or copy's node is its target; every other event has one node.
    const field = name === 'NodeRenamedEvent' || name === 'NodeCopiedEvent' ? 'event.target.path' : 'event.node.path';
    return { event: `${NODE_EVENT}${name}`, eventFilter: { [field]: pathPattern(folderPattern) } };
  });
}

export function presetDefinition(preset: WebhookPreset): PresetDefinition {
  switch (preset) {
    case 'files':
      return { app: 'files', registrations: fileRegistrations('') };
    case 'notes':
      return { app: 'notes', registrations: fileRegistrations(`${NOTES_FOLDER}\\/`) };
    case 'calendar':
      // No CalendarObjectRestoredEvent: on PostgreSQL its job has null arguments and cron fails instead of sending
      // it. A restored object comes back with the periodic scan (which reconciles what webhooks miss anyway).
      return {
        app: 'dav',
        registrations: ['Created', 'Updated', 'Deleted', 'MovedToTrash'].map((verb) => ({
          event: `${CALENDAR_EVENT}CalendarObject${verb}Event`,
          // Users' calendars only (not system principals).
          eventFilter: { 'event.calendarData.principaluri': '/^principals\\/users\\//' },
        })),
      };
    case 'tables':
      return {
        app: 'tables',
        registrations: ['RowAdded', 'RowUpdated', 'RowDeleted'].map((name) => ({
          event: `${TABLES_EVENT}${name}Event`,
          eventFilter: { 'event.tableId': { $gte: 0 } },
        })),
      };
  }
}

export function isWebhookPreset(value: unknown): value is WebhookPreset {
  return typeof value === 'string' && (WEBHOOK_PRESETS as readonly string[]).includes(value);
}
