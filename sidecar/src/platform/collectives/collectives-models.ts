// Collectives and pages as the sidecar uses them, read from the app's answers (docs/nextcloud-behaviour.md,
// "Collectives"): entries without an id are skipped and counted, and a page's file path below the user's home is
// built from collectivePath, filePath and fileName, checked like every path a caller gives.
import { parseFilePath, type FilePath } from '../files/dav-paths.js';

export interface Collective {
  id: number;
  name: string;
  emoji: string | null;
  canEdit: boolean;
}

export interface Page {
  id: number;
  title: string;
  /** 0 for the landing page. */
  parentId: number;
  emoji: string | null;
  /** Unix seconds of the file's last change. */
  timestamp: number;
  size: number;
  lastUserId: string | null;
  /** The Markdown file in the caller's home (`/.Collectives/Handbook/Guide/Readme.md`); null when it is unknown. */
  file: FilePath | null;
  /** Set on a page in the trash: when it went there (unix seconds). */
  trashTimestamp: number | null;
}

export interface Attachment {
  id: number;
  name: string;
  size: number;
  mimeType: string;
  timestamp: number;
  /** Below the caller's home, with a leading slash. */
  path: string;
}

/** A list the app answered, with how many entries were left out because they could not be read. */
export interface Listed<T> {
  items: T[];
  skipped: number;
}

type Raw = Record<string, unknown>;

export function readCollective(raw: Raw): Collective | undefined {
  if (typeof raw.id !== 'number') return undefined;
  return {
    id: raw.id,
    name: typeof raw.name === 'string' ? raw.name : '',
    emoji: typeof raw.emoji === 'string' && raw.emoji !== '' ? raw.emoji : null,
    canEdit: raw.canEdit === true,
  };
}

export function readPage(raw: Raw): Page | undefined {
  if (typeof raw.id !== 'number') return undefined;
  return {
    id: raw.id,
    title: typeof raw.title === 'string' ? raw.title : '',
    parentId: typeof raw.parentId === 'number' ? raw.parentId : 0,
    emoji: typeof raw.emoji === 'string' && raw.emoji !== '' ? raw.emoji : null,
    timestamp: typeof raw.timestamp === 'number' ? raw.timestamp : 0,
    size: typeof raw.size === 'number' ? raw.size : 0,
    lastUserId: typeof raw.lastUserId === 'string' ? raw.lastUserId : null,
    file: pageFile(raw),
    trashTimestamp: typeof raw.trashTimestamp === 'number' ? raw.trashTimestamp : null,
  };
}

export function readAttachment(raw: Raw): Attachment | undefined {
  if (typeof raw.id !== 'number' || typeof raw.name !== 'string') return undefined;
  const path = typeof raw.path === 'string' ? raw.path : '';
  return {
    id: raw.id,
    name: raw.name,
    size: typeof raw.filesize === 'number' ? raw.filesize : 0,
    mimeType: typeof raw.mimetype === 'string' ? raw.mimetype : 'application/octet-stream',
    timestamp: typeof raw.timestamp === 'number' ? raw.timestamp : 0,
    path: path.startsWith('/') ? path : `/${path}`,
  };
}

/** The entries of `list` that `read` understands, and how many it did not. */
export function readAll<T>(list: unknown, read: (raw: Raw) => T | undefined): Listed<T> {
  const entries = Array.isArray(list) ? list : [];
  const items: T[] = [];
  for (const entry of entries) {
    const item = entry && typeof entry === 'object' ? read(entry as Raw) : undefined;
    if (item !== undefined) items.push(item);
  }
  return { items, skipped: entries.length - items.length };
}

/**
 * `{collectivePath}/{filePath}/{fileName}`: the collective's folder in the home (`.Collectives/Handbook`), the page's
 * folder inside it (empty for the top level) and its Markdown file. Null when a part is missing or would step outside
 * the home (a trashed page has no filePath).
 */
function pageFile(raw: Raw): FilePath | null {
  const parts = [raw.collectivePath, raw.filePath, raw.fileName];
  if (!parts.every((part) => typeof part === 'string') || raw.collectivePath === '' || raw.fileName === '') return null;
  if (raw.trashTimestamp !== null && raw.trashTimestamp !== undefined) return null;
  try {
    return parseFilePath((parts as string[]).filter((part) => part !== '').join('/'));
  } catch {
    return null;
  }
}
