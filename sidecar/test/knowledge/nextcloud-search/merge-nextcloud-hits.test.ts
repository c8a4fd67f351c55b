// Merging Nextcloud's hits with the index's results: the same file id or a link to the same place (with or without
// /index.php, under Nextcloud's sub-path) is one item, listed once; links elsewhere never merge; a caller without a
// Nextcloud credential gets a failed section, not an error.
import { describe, expect, it } from 'vitest';
import { mergeNextcloudHits } from '../../../src/knowledge/nextcloud-search/merge-nextcloud-hits.js';
import {
  createNextcloudHitsFinder,
  type NextcloudHit,
  type NextcloudSection,
} from '../../../src/knowledge/nextcloud-search/nextcloud-hits.js';

const HOST = 'https://cloud.example.com/nc';
const hit = (fields: Partial<NextcloudHit>): NextcloudHit => ({
  provider_id: 'notes',
  provider_name: 'Notes',
  title: 'A hit',
  subline: '',
  link: null,
  file_id: null,
  path: null,
  ...fields,
});
const section = (results: NextcloudHit[]): NextcloudSection => ({
  status: 'answered',
  message: null,
  results,
  merged: [],
  providers: ['files', 'notes'],
  failed: [],
  skipped: [],
});

describe('mergeNextcloudHits', () => {
  it('merges a hit into the index result with the same link, /index.php or not', () => {
    const indexed = [{ point_id: '12', doc_type: 'note', doc_id: '7', link: `${HOST}/index.php/apps/notes/note/7` }];

    const merged = mergeNextcloudHits(
      section([hit({ title: 'Ideas', link: `${HOST}/apps/notes/note/7/` }), hit({ title: 'Other' })]),
      indexed,
      HOST,
    );

    expect(merged.results.map((h) => h.title)).toEqual(['Other']);
    expect(merged.merged).toEqual([{ provider_id: 'notes', title: 'Ideas', point_id: '12' }]);
  });

  it('merges a files hit into the indexed file with its file id, whatever its link', () => {
    const indexed = [{ point_id: '3', doc_type: 'file', doc_id: '41', link: null }];

    const merged = mergeNextcloudHits(
      section([
        hit({ provider_id: 'files', title: 'a.pdf', file_id: '41', link: `${HOST}/index.php/apps/files/?fileid=41` }),
      ]),
      indexed,
      HOST,
    );

    expect(merged.results).toEqual([]);
    expect(merged.merged).toEqual([{ provider_id: 'files', title: 'a.pdf', point_id: '3' }]);
  });

  it('keeps hits whose links lie outside Nextcloud apart, even when their paths are the same', () => {
    const indexed = [{ point_id: '1', doc_type: 'note', doc_id: '7', link: `${HOST}/index.php/apps/notes/note/7` }];

    const merged = mergeNextcloudHits(
      section([hit({ link: 'https://elsewhere.example/nc/index.php/apps/notes/note/7' })]),
      indexed,
      HOST,
    );

    expect(merged.results).toHaveLength(1);
    expect(merged.merged).toEqual([]);
  });

  it('lists a hit that repeats an earlier hit once, naming the repeat with no point id', () => {
    const merged = mergeNextcloudHits(
      section([
        hit({ provider_id: 'files', title: 'draft.md', file_id: '9', link: `${HOST}/index.php/f/9` }),
        hit({ provider_id: 'fulltextsearch', title: '(files) draft', link: `${HOST}/f/9` }),
      ]),
      [],
      HOST,
    );

    expect(merged.results.map((h) => h.provider_id)).toEqual(['files']);
    expect(merged.merged).toEqual([{ provider_id: 'fulltextsearch', title: '(files) draft', point_id: null }]);
  });
});

describe('createNextcloudHitsFinder', () => {
  const finder = createNextcloudHitsFinder({
    host: HOST,
    bounds: { providerTimeoutMs: 1000, deadlineMs: 2000, limitPerProvider: 5 },
  });

  it('answers a failed section saying why when the caller has no Nextcloud credential here', async () => {
    const found = await finder.find(undefined, 'budget');

    expect(found).toMatchObject({ status: 'failed', results: [], providers: [] });
    expect(found.message).toMatch(/app password/);
  });
});
