// The notes app of the platform double (Notes 5.0): per-user notes under /index.php/apps/notes/api/v1 with ETags,
// chunked listing, If-Match conflicts (412 with the current note), titles as file names, and Notes' error bodies.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';
import { freeTitle, safeCategory, safeTitle } from './notes/note-names.js';
import { listNotes } from './notes/notes-listing.js';

export interface DoubleNote {
  id: number;
  title: string;
  content: string;
  category: string;
  favorite: boolean;
  /** Unix seconds: the file's modification time, which a client may set. */
  modified: number;
  /** Unix seconds: when the server last saw the note change (what `pruneBefore` and chunks go by). */
  updatedAt: number;
  /** The note's file suffix: `.md`, or `.txt` (Notes lists both). Set from the settings when it is created. */
  fileSuffix: string;
  readonly: boolean;
  /** A lock held by another client (WebDAV or Text): writes answer 423. */
  locked: boolean;
}

export interface NotesDouble extends DoubleApp {
  /** Puts a note straight into a user's notes folder (e.g. a read-only note shared with them, or a `.txt` file). */
  seedNote(userId: string, note: Partial<Omit<DoubleNote, 'id'>>): DoubleNote;
  /** Changes a note behind the client's back, as another device would. */
  touchNote(userId: string, id: number, content: string): void;
  /** Makes writes of this user answer 507, as a full quota does. */
  setQuotaExceeded(userId: string, exceeded: boolean): void;
}

interface UserNotes {
  notes: Map<number, DoubleNote>;
  settings: { notesPath: string; fileSuffix: string; noteMode: string };
  quotaExceeded: boolean;
}

const API = '/index.php/apps/notes/api';
const PREFIX = `${API}/v1`;
const NOTES_ERROR = 'OCA\\Notes\\Service\\';

export function createNotesApp(): NotesDouble {
  const byUser = new Map<string, UserNotes>();
  let nextId = 1;
  // The first call creates the notes folder and the settings.
  const stateOf = (userId: string): UserNotes => {
    let state = byUser.get(userId);
    if (!state) {
      state = {
        notes: new Map(),
        settings: { notesPath: 'Notes', fileSuffix: '.md', noteMode: 'rich' },
        quotaExceeded: false,
      };
      byUser.set(userId, state);
    }
    return state;
  };
  const addNote: AddNote = (state, fields) => {
    const category = safeCategory(fields.category ?? '');
    const modified = fields.modified ?? nowSeconds();
    const note: DoubleNote = {
      id: nextId++,
      title: titleInFolder(state, safeTitle(fields.title ?? ''), category, -1),
      content: fields.content ?? '',
      category,
      favorite: fields.favorite ?? false,
      modified,
      // A seeded note has been there, unchanged, since its modification time.
      updatedAt: fields.updatedAt ?? modified,
      fileSuffix: fields.fileSuffix ?? state.settings.fileSuffix,
      readonly: fields.readonly ?? false,
      locked: fields.locked ?? false,
    };
    state.notes.set(note.id, note);
    return note;
  };

  return {
    id: 'notes',
    capabilities: () => ({ api_version: ['0.2', '1.3', '1.4'], version: '5.0.2', notes_path: 'Notes' }),
    seedNote: (userId, note) => addNote(stateOf(userId), note),
    touchNote: (userId, id, content) => {
      const note = stateOf(userId).notes.get(id);
      if (note) Object.assign(note, { content, modified: nowSeconds() + 1, updatedAt: nowSeconds() + 1 });
    },
    setQuotaExceeded: (userId, exceeded) => void (stateOf(userId).quotaExceeded = exceeded),
    async handle(req, res) {
      if (req.path !== API && !req.path.startsWith(`${API}/`)) return false;
      if (!req.user) sendNotLoggedIn(res);
      else if (!req.path.startsWith(`${PREFIX}/`)) sendJson(res, 400, []);
      else await routeNotes(req, res, stateOf(req.user.id), addNote);
      return true;
    },
  };
}

type AddNote = (state: UserNotes, fields: Partial<Omit<DoubleNote, 'id'>>) => DoubleNote;

async function routeNotes(req: DoubleRequest, res: ServerResponse, state: UserNotes, addNote: AddNote): Promise<void> {
  const route = req.path.slice(PREFIX.length);
  const noteMatch = /^\/notes\/(\d+)$/.exec(route);
  if (route === '/notes' && req.method === 'GET') {
    return listNotes(req, res, [...state.notes.values()], (note) => describeNote(note, state));
  }
  if (route === '/notes' && req.method === 'POST') return createNote(req, res, state, addNote);
  if (noteMatch) return handleNote(req, res, state, Number(noteMatch[1]));
  if (route === '/settings' && req.method === 'GET') return sendJson(res, 200, state.settings);
  if (route === '/settings' && req.method === 'PUT') return putSettings(req, res, state);
  // An unknown path of the API answers 400 with an empty array.
  sendJson(res, 400, []);
}

async function createNote(req: DoubleRequest, res: ServerResponse, state: UserNotes, addNote: AddNote): Promise<void> {
  if (state.quotaExceeded) return sendError(res, 507, 'InsufficientStorageException');
  const body = ((await req.json()) ?? {}) as Partial<DoubleNote>;
  const note = addNote(state, {
    title: stringOr(body.title, ''),
    content: stringOr(body.content, ''),
    category: stringOr(body.category, ''),
    favorite: body.favorite === true,
    ...(typeof body.modified === 'number' ? { modified: body.modified } : {}),
    updatedAt: nowSeconds(),
  });
  // Created notes answer 200, not 201, and without an ETag header.
  sendJson(res, 200, describeNote(note, state));
}

async function handleNote(req: DoubleRequest, res: ServerResponse, state: UserNotes, id: number): Promise<void> {
  const note = state.notes.get(id);
  if (!note) return sendError(res, 404, 'NoteDoesNotExistException');
  if (req.method === 'GET') return sendJson(res, 200, describeNote(note, state), { ETag: `"${etagOf(note)}"` });
  // unverified: a locked note answers 423 with an errorType like the other refusals (source: nextcloud/notes
  // lib/Controller/Helper.php, handleErrorResponse()).
  if (req.method === 'DELETE') {
    if (note.readonly) return sendError(res, 403, 'NoteNotWritableException');
    if (note.locked) return sendError(res, 423, 'LockedException');
    state.notes.delete(id);
    return sendJson(res, 200, []);
  }
  if (req.method !== 'PUT') return sendJson(res, 405, []);
  // If-Match takes the quoted etag; an unquoted one never matches.
  const ifMatch = req.headers['if-match'];
  if (ifMatch !== undefined && ifMatch !== `"${etagOf(note)}"`) return sendJson(res, 412, describeNote(note, state));
  if (note.readonly) return sendError(res, 403, 'NoteNotWritableException');
  if (note.locked) return sendError(res, 423, 'LockedException');
  if (state.quotaExceeded) return sendError(res, 507, 'InsufficientStorageException');
  const body = ((await req.json()) ?? {}) as Partial<DoubleNote>;
  if (typeof body.content === 'string') note.content = body.content;
  const category = typeof body.category === 'string' ? safeCategory(body.category) : note.category;
  const title = typeof body.title === 'string' ? safeTitle(body.title) : note.title;
  if (title !== note.title || category !== note.category) note.title = titleInFolder(state, title, category, note.id);
  note.category = category;
  if (typeof body.favorite === 'boolean') note.favorite = body.favorite;
  note.modified = typeof body.modified === 'number' ? body.modified : Math.max(nowSeconds(), note.modified + 1);
  note.updatedAt = Math.max(nowSeconds(), note.updatedAt + 1);
  sendJson(res, 200, describeNote(note, state));
}

async function putSettings(req: DoubleRequest, res: ServerResponse, state: UserNotes): Promise<void> {
  const body = ((await req.json()) ?? {}) as Record<string, unknown>;
  for (const key of ['notesPath', 'fileSuffix', 'noteMode'] as const) {
    if (typeof body[key] === 'string') state.settings[key] = body[key];
  }
  sendJson(res, 200, state.settings);
}

function describeNote(note: DoubleNote, state: UserNotes) {
  const folder = [state.settings.notesPath, note.category].filter(Boolean).join('/');
  return {
    id: note.id,
    title: note.title,
    modified: note.modified,
    category: note.category,
    favorite: note.favorite,
    readonly: note.readonly,
    internalPath: `/${folder}/${note.title}${note.fileSuffix}`,
    shareTypes: [],
    isShared: false,
    error: false,
    errorType: '',
    content: note.content,
    etag: etagOf(note),
  };
}

function sendError(res: ServerResponse, status: number, exception: string): void {
  sendJson(res, status, { errorType: `${NOTES_ERROR}${exception}` });
}

/** A title free among the other notes of the category's folder. */
function titleInFolder(state: UserNotes, title: string, category: string, ownId: number): string {
  return freeTitle(title, (candidate) =>
    [...state.notes.values()].some((n) => n.id !== ownId && n.category === category && n.title === candidate),
  );
}

function etagOf(note: DoubleNote): string {
  const { id, title, content, category, favorite, modified } = note;
  return md5(JSON.stringify([id, title, content, category, favorite, modified]));
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
