// Where the sidecar keeps its state: DATABASE_URL (PostgreSQL, shared by every replica) or the SQLite file.

/** DATABASE_URL: a postgres:// or postgresql:// URL; its text never appears in a message (it may hold a password). */
export function parseDatabaseUrl(read: (name: string) => string | undefined, problems: string[]): string | undefined {
  const url = read('DATABASE_URL');
  if (url === undefined || url === '') return undefined;
  if (!/^postgres(ql)?:\/\/[^/]/.test(url)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.');
    return undefined;
  }
  return url;
}
