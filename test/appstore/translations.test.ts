// scripts/extract-l10n.mjs: every string the companion shows goes through l10n and has a German translation.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTranslatableStrings, findUnwrappedStrings, renderPot } from '../../scripts/extract-l10n.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures: string[] = [];

afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

describe('the companion’s translations', () => {
  it('extracts every t()/n() of companion/src, lib and templates, each with a literal text', () => {
    const { entries, notLiteral } = extractTranslatableStrings(root);

    expect(entries.length).toBeGreaterThan(150);
    expect(entries.map((entry) => entry.msgid)).toEqual(
      expect.arrayContaining(['Knowledge search', 'Test connection', 'MCP server address']),
    );
    expect(notLiteral).toEqual([]);
  });

  it('has a German translation in l10n/de.json for every extracted string', () => {
    const { translations } = readGerman(root);

    const missing = extractTranslatableStrings(root)
      .entries.flatMap((entry) => [entry.msgid, ...(entry.plural === undefined ? [] : [entry.plural])])
      .filter((text) => !translations[text]);

    expect(missing).toEqual([]);
  });

  it('finds no user-visible text outside l10n in the Vue pages, the scripts, lib or the PHP templates', () => {
    const unwrapped = findUnwrappedStrings(root);

    expect(unwrapped).toEqual([]);
  });

  it('reports text a page shows without l10n, in every place it looks', () => {
    const fixture = createFixture({
      'companion/src/components/Broken.vue':
        '<script setup lang="ts">\nconst error = ref(\'Something went wrong here.\')\n</script>\n<template>\n' +
        '\t<NcSettingsSection name="Background sync">\n\t\t<p>Hello world</p>\n' +
        '\t\t<NcTextField label="Login name" placeholder="http://127.0.0.1:8000" />\n' +
        "\t\t<NcButton :aria-label=\"'Close the viewer'\">{{ t('mcp_companion', 'Close') }}</NcButton>\n" +
        '\t</NcSettingsSection>\n</template>\n',
      'lib/Service/Broken.php': "<?php\nreturn ['message' => 'The server is down.'];\n",
      'templates/broken.php': "<?php\n?>\n<h2>Knowledge search</h2>\n<p><?php p('Not configured'); ?></p>\n",
    });

    const unwrapped = findUnwrappedStrings(fixture);

    expect(unwrapped).toEqual([
      'companion/src/components/Broken.vue:6: Hello world',
      'companion/src/components/Broken.vue:5: name="Background sync"',
      'companion/src/components/Broken.vue:7: label="Login name"',
      'companion/src/components/Broken.vue:8: :aria-label="\'Close the viewer\'"',
      'companion/src/components/Broken.vue:2: Something went wrong here.',
      'lib/Service/Broken.php:2: The server is down.',
      'templates/broken.php:3: Knowledge search',
      "templates/broken.php:4: p('Not configured'",
    ]);
  });

  it('reports a translated string German lacks and a call whose text is not a literal', () => {
    const fixture = createFixture({
      'companion/src/page.ts':
        "t('mcp_companion', 'Search')\nt('mcp_companion', 'Brand new')\nt('mcp_companion', text)\n",
      'lib/Page.php': "<?php\n$this->l->n('%n file', '%n files', $count);\n",
    });

    const { entries, notLiteral } = extractTranslatableStrings(fixture);
    const { translations } = readGerman(fixture);

    expect(entries.map((entry) => entry.msgid).filter((text) => !translations[text])).toEqual(['Brand new', '%n file']);
    expect(entries.find((entry) => entry.msgid === '%n file')?.plural).toBe('%n files');
    expect(notLiteral).toEqual(['companion/src/page.ts: 1 call(s) without a literal']);
  });

  it('renders a .pot entry with its references, php-format flag and plural form', () => {
    const pot = renderPot([
      { msgid: 'Search', references: ['a.vue:1', 'b.ts:2'] },
      { msgid: '%n file', plural: '%n files', references: ['c.php:3'] },
    ]);

    expect(pot).toContain('#: a.vue:1 b.ts:2\nmsgid "Search"\nmsgstr ""\n');
    expect(pot).toContain(
      '#: c.php:3\n#, php-format\nmsgid "%n file"\nmsgid_plural "%n files"\nmsgstr[0] ""\nmsgstr[1] ""\n',
    );
  });
});

function readGerman(base: string): { translations: Record<string, string> } {
  return JSON.parse(readFileSync(join(base, 'l10n/de.json'), 'utf8')) as { translations: Record<string, string> };
}

/** A small checkout: the given files plus an info.xml without navigation and a de.json that knows 'Search'. */
function createFixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'l10n-fixture-'));
  fixtures.push(dir);
  const all: Record<string, string> = {
    'appinfo/info.xml': '<info><id>mcp_companion</id></info>\n',
    'l10n/de.json': JSON.stringify({ translations: { Search: 'Suchen' }, pluralForm: 'nplurals=2; plural=(n != 1);' }),
    ...files,
  };
  for (const dirName of ['companion/src', 'lib', 'templates']) mkdirSync(join(dir, dirName), { recursive: true });
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
