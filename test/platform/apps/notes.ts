// The notes app of the platform double: per-user notes under /index.php/apps/notes/api/v1 with ETags, chunked
// listing (X-Notes-Chunk-Cursor), If-Match conflicts (412 with the current note) and read-only notes (403).
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';

export interface DoubleNote {
  id: number;
  title: string;
  content: string;
  category: string;
  favorite: boolean;
  /** Unix seconds. */
  modified: number;
  readonly: boolean;
}

export interface NotesDouble extends DoubleApp {
  /** Puts a note straight into a user's notes folder (e.g. a read-only note shared with them). */
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

const PREFIX = '/index.php/apps/notes/api/v1';

export function createNotesApp(): NotesDouble {
  const byUser = new Map<string, UserNotes>();
  let nextId = 1;
  // The first call creates the notes folder (here: the user's state).
  const stateOf = (userId: string): UserNotes => {
    let state = byUser.get(userId);
    if (!state) {
      state = {
        notes: new Map(),
        settings: { notesPath: 'Notes', fileSuffix: '.md', noteMode: 'edit' },
        quotaExceeded: false,
      };
      byUser.set(userId, state);
    }
    return state;
  };
  const addNote: AddNote = (state, fields) => {
    const content = fields.content ?? '';
    const note: DoubleNote = {
      id: nextId++,
      title: fields.title?.trim() || titleFromContent(content),
      content,
      category: fields.category ?? '',
      favorite: fields.favorite ?? false,
      modified: fields.modified ?? nowSeconds(),
      readonly: fields.readonly ?? false,
    };
    state.notes.set(note.id, note);
    return note;
  };

  return {
    id: 'notes',
    capabilities: () => ({ api_version: ['0.2', '1.3'], version: '4.12.0' }),
    seedNote: (userId, note) => addNote(stateOf(userId), note),
    touchNote: (userId, id, content) => {
      const note = stateOf(userId).notes.get(id);
      if (note) Object.assign(note, { content, modified: nowSeconds() + 1 });
    },
    setQuotaExceeded: (userId, exceeded) => void (stateOf(userId).quotaExceeded = exceeded),
    async handle(req, res) {
      if (req.path !== PREFIX && !req.path.startsWith(`${PREFIX}/`)) return false;
      if (!req.user) sendNotLoggedIn(res);
      else await routeNotes(req, res, stateOf(req.user.id), addNote);
      return true;
    },
  };
}

type AddNote = (state: UserNotes, fields: Partial<Omit<DoubleNote, 'id'>>) => DoubleNote;

async function routeNotes(req: DoubleRequest, res: ServerResponse, state: UserNotes, addNote: AddNote): Promise<void> {
  const route = req.path.slice(PREFIX.length);
  const noteMatch = /^\/notes\/([^/]+)$/.exec(route);
  if (route === '/notes' && req.method === 'GET') return listNotes(req, res, state);
  if (route === '/notes' && req.method === 'POST') return createNote(req, res, state, addNote);
  if (noteMatch) return handleNote(req, res, state, Number(noteMatch[1]));
  if (route === '/settings' && req.method === 'GET') return sendJson(res, 200, state.settings);
  if (route === '/settings' && req.method === 'PUT') return putSettings(req, res, state);
  sendJson(res, 404, { message: 'Not found' });
}

function listNotes(req: DoubleRequest, res: ServerResponse, state: UserNotes): void {
  const params = req.url.searchParams;
  const category = params.get('category');
  const exclude = new Set((params.get('exclude') ?? '').split(',').filter(Boolean));
  const pruneBefore = Number(params.get('pruneBefore') ?? 0);
  const chunkSize = Number(params.get('chunkSize') ?? 0);
  const after = decodeCursor(params.get('chunkCursor'));
  let notes = [...state.notes.values()].sort((a, b) => a.id - b.id);
  if (category !== null) notes = notes.filter((note) => note.category === category);
  if (after !== undefined) notes = notes.filter((note) => note.id > after);
  const headers: Record<string, string> = {};
  if (chunkSize > 0 && notes.length > chunkSize) {
    notes = notes.slice(0, chunkSize);
    headers['X-Notes-Chunk-Cursor'] = encodeCursor(notes[notes.length - 1]!.id);
  }
  // Notes not modified since pruneBefore come back as their id only.
  const body = notes.map((note) =>
    pruneBefore && note.modified < pruneBefore ? { id: note.id } : omit(describeNote(note), exclude),
  );
  sendJson(res, 200, body, headers);
}

async function createNote(req: DoubleRequest, res: ServerResponse, state: UserNotes, addNote: AddNote): Promise<void> {
  if (state.quotaExceeded) return sendJson(res, 507, { message: 'Insufficient storage' });
  const body = ((await req.json()) ?? {}) as Partial<DoubleNote>;
  const note = addNote(state, {
    title: stringOr(body.title, ''),
    content: stringOr(body.content, ''),
    category: stringOr(body.category, ''),
    favorite: body.favorite === true,
  });
  sendNoteWithEtag(res, 200, note);
}

async function handleNote(req: DoubleRequest, res: ServerResponse, state: UserNotes, id: number): Promise<void> {
  const note = state.notes.get(id);
  if (!note) return sendJson(res, 404, { message: 'Note not found' });
  if (req.method === 'GET') return sendNoteWithEtag(res, 200, note);
  if (req.method === 'DELETE') {
    if (note.readonly) return sendJson(res, 403, { message: 'Note is read-only' });
    state.notes.delete(id);
    return sendJson(res, 200, []);
  }
  if (req.method !== 'PUT') return sendJson(res, 405, { message: 'Method not allowed' });
  const ifMatch = req.headers['if-match'];
  if (ifMatch && ifMatch.replace(/^W\//, '').replace(/"/g, '') !== etagOf(note)) {
    return sendNoteWithEtag(res, 412, note);
  }
  if (note.readonly) return sendJson(res, 403, { message: 'Note is read-only' });
  if (state.quotaExceeded) return sendJson(res, 507, { message: 'Insufficient storage' });
  const body = ((await req.json()) ?? {}) as Partial<DoubleNote>;
  if (typeof body.content === 'string') note.content = body.content;
  if (typeof body.title === 'string') note.title = body.title.trim() || titleFromContent(note.content);
  if (typeof body.category === 'string') note.category = body.category;
  if (typeof body.favorite === 'boolean') note.favorite = body.favorite;
  note.modified = Math.max(nowSeconds(), note.modified + 1);
  sendNoteWithEtag(res, 200, note);
}

async function putSettings(req: DoubleRequest, res: ServerResponse, state: UserNotes): Promise<void> {
  const body = ((await req.json()) ?? {}) as Record<string, unknown>;
  if (typeof body.notesPath === 'string') state.settings.notesPath = body.notesPath;
  if (typeof body.fileSuffix === 'string') state.settings.fileSuffix = body.fileSuffix;
  sendJson(res, 200, state.settings);
}

function sendNoteWithEtag(res: ServerResponse, status: number, note: DoubleNote): void {
  sendJson(res, status, describeNote(note), { ETag: `"${etagOf(note)}"` });
}

function describeNote(note: DoubleNote) {
  return {
    id: note.id,
    etag: etagOf(note),
    readonly: note.readonly,
    modified: note.modified,
    title: note.title,
    category: note.category,
    content: note.content,
    favorite: note.favorite,
  };
}

function etagOf(note: DoubleNote): string {
  const { id, title, content, category, favorite, modified } = note;
  return createHash('md5')
    .update(JSON.stringify([id, title, content, category, favorite, modified]))
    .digest('hex');
}

function titleFromContent(content: string): string {
  const line = content.split('\n').find((l) => l.trim() !== '') ?? '';
  return (
    line
      .replace(/^#+\s*/, '')
      .trim()
      .slice(0, 100) || 'New note'
  );
}

function omit(note: ReturnType<typeof describeNote>, fields: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(note).filter(([key]) => !fields.has(key)));
}

function encodeCursor(lastId: number): string {
  return `${nowSeconds()}-${lastId}`;
}

function decodeCursor(cursor: string | null): number | undefined {
  const match = /^\d+-(\d+)$/.exec(cursor ?? '');
  return match ? Number(match[1]) : undefined;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
