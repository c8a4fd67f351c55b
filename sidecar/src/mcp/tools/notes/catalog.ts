// Tools of the notes app: list, read, search, create, update, append to and delete notes.
import type { ToolDefinition } from '../../tool-definition.js';
import { getNoteTool, listNotesTool, searchNotesTool } from './note-read-tools.js';
import { appendToNoteTool, createNoteTool, deleteNoteTool, updateNoteTool } from './note-write-tools.js';

export const NOTES_TOOLS: ToolDefinition[] = [
  listNotesTool,
  getNoteTool,
  searchNotesTool,
  createNoteTool,
  updateNoteTool,
  appendToNoteTool,
  deleteNoteTool,
];
