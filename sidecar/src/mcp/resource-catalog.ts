// Every resource template the sidecar offers.
import type { ResourceTemplateDefinition } from './resource-definition.js';
import { eventResource } from './resources/calendar.js';
import { fileResource } from './resources/files.js';
import { noteResource } from './resources/notes.js';

export const ALL_RESOURCE_TEMPLATES: ResourceTemplateDefinition[] = [noteResource, fileResource, eventResource];
