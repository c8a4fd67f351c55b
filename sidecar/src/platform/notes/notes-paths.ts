// The URLs of the Notes app's API (v1), with every path segment encoded; the one place that knows them.
import { pathSegment } from '../urls.js';

const BASE = '/index.php/apps/notes/api/v1';

export const notesPaths = {
  notes: () => `${BASE}/notes`,
  note: (id: number) => `${BASE}/notes/${pathSegment(id)}`,
  settings: () => `${BASE}/settings`,
};
