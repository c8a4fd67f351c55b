// The URI segment of a new DAV collection (a calendar, an address book) made from its display name.

/** Lowercase ASCII letters, digits and hyphens, at most 60; `${prefix}-<time>` when the name has none of them. */
export function collectionIdFor(displayName: string, prefix: string): string {
  const slug = displayName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? `${prefix}-${Date.now().toString(36)}` : slug;
}
