// The start-up report warns when the state moved to PostgreSQL but a SQLite file is still where TOKEN_STORAGE_DB says.
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger.js';
import { warnUnusedSqliteFile } from '../../src/store/start-up-report.js';
import { makeTempDir } from '../support/temp-dir.js';

const temp = makeTempDir('start-up-report-');
afterEach(() => temp.remove());

function capture(): { logger: ReturnType<typeof createLogger>; text: () => string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', sink), text: () => lines.join('') };
}

it('warns about a SQLite file left behind only when DATABASE_URL is set, without naming the URL', () => {
  const file = temp.file('tokens.db');
  writeFileSync(file, 'x');
  const url = 'postgres://mcp:s3cret@db:5432/mcp';
  const [withUrl, without, missing] = [capture(), capture(), capture()];

  warnUnusedSqliteFile(withUrl.logger, { url, sqlitePath: file });
  warnUnusedSqliteFile(without.logger, { sqlitePath: file });
  warnUnusedSqliteFile(missing.logger, { url, sqlitePath: temp.file('absent.db') });

  expect(withUrl.text()).toMatch(/TOKEN_STORAGE_DB is not used/);
  expect(withUrl.text()).not.toContain('s3cret');
  expect(without.text()).toBe('');
  expect(missing.text()).toBe('');
});
