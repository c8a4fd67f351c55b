// compose.yaml passes the sidecar only settings it reads, and they load through the real settings loader; .env.example
// lists every variable the compose file needs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Environment } from '../../src/settings/environment.js';
import { parseSettings } from '../../src/settings/settings.js';
import {
  interpolate,
  interpolatedNames,
  parseCompose,
  readComposeText,
  readEnvExample,
  ROOT,
  serviceEnvironment,
} from './compose-file.js';
import { dockerfileEnvironment } from './dockerfile.js';

/** What a user writes into .env after copying .env.example (README, "Run with Docker Compose"). */
const FILLED_IN = {
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
  MANAGEMENT_API_KEY: 'a-long-random-management-key',
  POSTGRES_PASSWORD: 'f00dfeed',
  MCP_DATABASE_PASSWORD: 'c0ffee42',
  NEXTCLOUD_ADMIN_PASSWORD: 'admin-secret',
};
/** Read by Node.js libraries (Express), not by the sidecar's settings: the one variable the image sets for others. */
const FOR_LIBRARIES = new Set(['NODE_ENV']);

/** The sidecar container's environment: the image's ENV, then compose's `environment` over it. */
function sidecarEnvironment(options: { ollama?: boolean } = {}): Record<string, string> {
  const compose = parseCompose(readComposeText(options), { ...readEnvExample(), ...FILLED_IN });
  return { ...dockerfileEnvironment(), ...serviceEnvironment(compose, 'sidecar') };
}

/**
 * The names the real settings loader reads, observed on the environment object it is given. Every read in
 * sidecar/src/settings/ happens whatever the values (no name is read only on some path), so this is the whole list;
 * a name read only in some branch would be missed when that branch is not taken.
 */
function namesReadBySettings(env: Environment): Set<string> {
  const names = new Set<string>();
  const observed = new Proxy(env, {
    get: (target, name) => {
      if (typeof name === 'string') names.add(name);
      return target[name as string];
    },
  });
  try {
    parseSettings(observed, 'server');
  } catch {
    // The names were read before the problems were reported.
  }
  return names;
}

describe('compose.yaml', () => {
  it.each([
    ['as shipped', false],
    ['with the Ollama lines uncommented', true],
  ])('passes the sidecar only variables its settings read (%s)', (_name, ollama) => {
    const env = sidecarEnvironment({ ollama });
    const read = namesReadBySettings(env);

    const unread = Object.keys(env).filter((name) => !read.has(name) && !FOR_LIBRARIES.has(name));

    expect(unread).toEqual([]);
    expect(read.size).toBeGreaterThan(40);
  });

  it('gives the sidecar settings that load without errors: hybrid mode, Nextcloud by service name, PostgreSQL', () => {
    const settings = parseSettings(sidecarEnvironment(), 'server');

    expect(settings.authMode).toBe('multi_user_basic');
    expect(settings.enableOfflineAccess).toBe(true);
    expect(settings.nextcloud.host).toBe('http://nextcloud');
    expect(settings.database.url).toBe('postgres://mcp:c0ffee42@db:5432/mcp');
    expect(settings.knowledge.enabled).toBe(true);
    expect(settings.server).toMatchObject({ host: '0.0.0.0', port: 8000 });
    expect(settings.tokenStorageDb).toBe('/data/tokens.db');
    expect(settings.managementApiKey).toBe(FILLED_IN.MANAGEMENT_API_KEY);
  });

  it('with the Ollama lines uncommented, points the OpenAI-compatible embedder at the ollama service', () => {
    const settings = parseSettings(sidecarEnvironment({ ollama: true }), 'server');

    expect(settings.knowledge.embedding).toMatchObject({
      provider: 'openai',
      baseUrl: 'http://ollama:11434/v1',
      model: 'nomic-embed-text',
    });
    expect(parseCompose(readComposeText({ ollama: true }), FILLED_IN).services.ollama).toBeDefined();
  });

  it('needs only variables .env.example lists, and refuses to start while a required one is empty', () => {
    const text = readComposeText({ ollama: true });
    const listed = readEnvExample({ commented: true });

    const unlisted = interpolatedNames(text).filter((name) => !(name in listed));

    expect(unlisted).toEqual([]);
    expect(() => interpolate(text, readEnvExample())).toThrow(/needs [A-Z_]+: set [A-Z_]+ in \.env/);
    expect(() => interpolate(text, { ...readEnvExample(), ...FILLED_IN })).not.toThrow();
  });

  it('builds the sidecar from the Dockerfile at the root and keeps its data in a volume at /data', () => {
    const compose = parseCompose(readComposeText(), FILLED_IN) as unknown as {
      services: { sidecar: { build: string; volumes: string[] } };
    };

    expect(compose.services.sidecar.build).toBe('.');
    expect(compose.services.sidecar.volumes).toContain('sidecar-data:/data');
  });
});

describe('.env.example', () => {
  it('names no npx of a package we do not publish (it told users to run npx nextcloud-mcp-server generate-key)', () => {
    expect(readFileSync(`${ROOT}.env.example`, 'utf8')).not.toMatch(/npx/);
  });
});
