// The URLs of the Notes app's API (v1), with every path segment encoded; the one place that knows them.

const BASE = '/index.php/apps/notes/api/v1';

export const notesPaths = {
  notes: () => `${BASE}/notes`,
  note: (id: number) => `${BASE}/notes/${encodeURIComponent(String(id))}`,
  settings: () => `${BASE}/settings`,
};
