// One road to Nextcloud: outside platform/ (and net/, the HTTP client itself) no source file builds a Nextcloud URL
// or path, an Authorization header, sends a request of its own or reads the status of an answer; inside platform/
// only the Nextcloud client sends authenticated requests, so Nextcloud's statuses become the sidecar's errors in one
// place (describeFailure).
// Read as text like import-graph.test.ts; comments are left out, so they may name Nextcloud's paths.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

/** What a file outside the road must not do, each with the text that shows it. */
const RULES: Record<string, RegExp[]> = {
  'builds a Nextcloud path': [
    /['"`][^'"`\n]*(?:\/remote\.php|\/ocs\/v[12]\.php|\/index\.php|\/status\.php|\/apps\/[a-z_]+\/)/,
  ],
  'builds a Nextcloud URL': [/\bbuildNextcloudUrl\b/],
  'builds an Authorization header': [
    /(?<![\w.])['"]?authorization['"]?\s*:\s*(?:[`'"]|[\w.]+\s*\()/i,
    /headers\s*:\s*\{[^}]*\bauthorization\b/i,
    /\[\s*['"]authorization['"]\s*\]\s*=/i,
    /\bencodeBasicAuthorization\b/,
    /`(?:Basic|Bearer) \$\{/,
  ],
  'reads an HTTP status': [/\bresponse\.status\s*(?:===|!==|>=|<=|>|<)\s*\d{3}\b/],
  'sends an HTTP request': [
    /\.(?:request|requestJson|requestStream)\s*(?:<[^>\n]*>)?\s*\(/,
    /(?<![\w.])fetch\s*\(/,
    /from\s+['"]undici['"]/,
    /\bhttps?\.(?:request|get)\s*\(/,
  ],
};

/** Folders that are the road: the Nextcloud platform layer and the one HTTP client under it. */
const ROAD = ['platform/', 'net/'];

/**
 * Files outside the road allowed one of the rules, and why. Keep it short: a Nextcloud request belongs in platform/.
 */
const ALLOWED: Record<string, string[]> = {
  // The OIDC client follows the URLs of the provider's discovery document (token, registration, introspection
  // endpoints), which may be another server than Nextcloud; these files are being moved to openid-client (issue 18,
  // item 11), so they stay in auth/ as they are.
  'auth/provider-metadata.ts': [
    'sends an HTTP request',
    'reads an HTTP status',
    'builds a Nextcloud URL',
    'builds a Nextcloud path',
  ],
  'auth/client-registration.ts': ['sends an HTTP request', 'reads an HTTP status'],
  'auth/oidc-requests.ts': ['sends an HTTP request', 'reads an HTTP status'],
  // The signing keys at the discovery document's jwks_uri, fetched by jose through the one HTTP client.
  'auth/jwks-cache.ts': ['reads an HTTP status'],
  // The OpenAI-compatible embedding service is not Nextcloud: its own URL and API key.
  'knowledge/embedders/openai-embedder.ts': [
    'sends an HTTP request',
    'reads an HTTP status',
    'builds an Authorization header',
  ],
};

/** Inside platform/, the only files that talk to the HTTP client themselves. */
const PLATFORM_SENDERS: Record<string, string> = {
  'platform/nextcloud-client.ts': 'every authenticated request, with the one status table',
  'platform/nextcloud-status.ts': 'the anonymous status.php of the readiness check',
  'platform/login-flow/login-flow-client.ts': 'the anonymous start and poll of Login Flow v2',
};

describe('the road to Nextcloud', () => {
  const files = sourceFiles().map((file) => ({ file, lines: codeLines(readFileSync(join(SRC, file), 'utf8')) }));

  it('is the only way out: no file outside platform/ and net/ builds Nextcloud URLs, credentials or requests', () => {
    const found = files
      .filter(({ file }) => !ROAD.some((folder) => file.startsWith(folder)))
      .flatMap(({ file, lines }) =>
        Object.entries(RULES)
          .filter(([rule]) => !ALLOWED[file]?.includes(rule))
          .flatMap(([rule, patterns]) =>
            lines
              .filter(({ text }) => patterns.some((pattern) => pattern.test(text)))
              .map(({ number }) => `${file}:${number} ${rule}`),
          ),
      );

    expect(found).toEqual([]);
  });

  it('sends authenticated requests from the Nextcloud client alone inside platform/', () => {
    const found = files
      .filter(({ file }) => file.startsWith('platform/') && !(file in PLATFORM_SENDERS))
      .flatMap(({ file, lines }) =>
        lines
          .filter(({ text }) =>
            /\bhttp\.request(?:Stream)?\s*\(|(?<!function )\bencodeBasicAuthorization\s*\(/.test(text),
          )
          .map(({ number }) => `${file}:${number}`),
      );

    expect(found).toEqual([]);
  });
});

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The file's lines without comments; strings stay, and a comment marker inside one (`'http://…'`) starts none. */
function codeLines(text: string): { number: number; text: string }[] {
  return withoutComments(text)
    .split('\n')
    .map((line, index) => ({ number: index + 1, text: line }))
    .filter(({ text: code }) => code.trim() !== '');
}

/**
 * Comments replaced by spaces (newlines kept, so line numbers stay): a small scanner over quotes and comments. A
 * quote in a regular expression literal can fool it, so a '- or "-string ends at the end of its line at the latest.
 */
function withoutComments(text: string): string {
  let out = '';
  let quote: string | undefined;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quote !== undefined) {
      out += char;
      if (char === '\\') out += text[++at] ?? '';
      else if (char === quote || (char === '\n' && quote !== '`')) quote = undefined;
    } else if (char === '/' && (text[at + 1] === '/' || text[at + 1] === '*')) {
      const end = text[at + 1] === '/' ? text.indexOf('\n', at) : text.indexOf('*/', at + 2) + 2;
      const stop = end <= 1 ? text.length : end;
      out += text.slice(at, stop).replace(/[^\n]/g, ' ');
      at = stop - 1;
    } else {
      if (char === "'" || char === '"' || char === '`') quote = char;
      out += char;
    }
  }
  return out;
}
