// The notes resource template: nextcloud://notes/{id} reads one note as Markdown.
import { InvalidInputError } from '../../errors.js';
import { getNote } from '../../platform/notes/notes.js';
import type { ResourceTemplateDefinition } from '../resource-definition.js';

export const noteResource: ResourceTemplateDefinition = {
  name: 'note',
  app: 'notes',
  uriTemplate: 'nextcloud://notes/{id}',
  title: 'Note',
  description: 'A note of the Notes app, as Markdown.',
  mimeType: 'text/markdown',
  async read({ id }, { nextcloud }) {
    const noteId = Number(id);
    if (!Number.isInteger(noteId) || noteId <= 0) throw new InvalidInputError('A note id is a positive whole number.');
    const note = await getNote(nextcloud, noteId);
    return { mimeType: 'text/markdown', text: note.content };
  },
};
