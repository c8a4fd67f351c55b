// How Notes turns a title and a category into file and folder names: characters a file name cannot hold dropped,
// leading dots and spaces removed, empty folders dropped, and a taken title numbered " (2)", " (3)"…

/**
 * A title as Notes stores it (`  .hid*den: a/b?  ` → `hidden ab`). unverified: the first line only, white space
 * turned into spaces, at most 100 characters, and "New note" for an empty title (source: nextcloud/notes
 * lib/Service/NoteUtil.php, getSafeTitle()).
 */
export function safeTitle(title: string): string {
  const line = sanitise(title).split(/\r?\n/)[0] ?? '';
  return [...line.trim().replace(/\s/g, ' ')].slice(0, 100).join('') || 'New note';
}

/** A category as Notes stores it: each folder cleaned like a title, empty ones dropped (`/a//b./.c/` → `a/b./c`). */
export function safeCategory(category: string): string {
  return category.split('/').map(sanitise).filter(Boolean).join('/');
}

/** The title itself when it is free in its folder, else the first free `title (n)` from 2 on. */
export function freeTitle(title: string, isTaken: (candidate: string) => boolean): string {
  let candidate = title;
  for (let n = 2; isTaken(candidate); n += 1) candidate = `${title} (${n})`;
  return candidate;
}

function sanitise(part: string): string {
  return part
    .replace(/[*|/\\:"<>?]/g, '')
    .replace(/^[.\s]+/gmu, '')
    .trim();
}
