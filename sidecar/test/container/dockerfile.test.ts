// The Dockerfile installs nothing itself: its build stage runs the image-tree script (the one the tests run), and the
// final stage ships that tree only, as a non-root user, with a health check on /health/ready.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from './compose-file.js';
import { dockerfileEnvironment, readDockerfile, type Stage } from './dockerfile.js';

const BASE_IMAGE = 'node:24-bookworm-slim';
const stages = readDockerfile();
const build = stages[0] as Stage;
const final = stages.at(-1) as Stage;
const argsOf = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);

describe('the Dockerfile', () => {
  it('builds on Node.js 24 LTS in two stages', () => {
    expect(stages.map((stage) => stage.from)).toEqual([BASE_IMAGE, BASE_IMAGE]);
  });

  it("runs the image-tree script as its build stage's only step, and installs nothing anywhere else", () => {
    // Without BuildKit's cache mounts (npm's download cache), which install nothing.
    const everyRun = stages.flatMap((stage) => argsOf(stage, 'RUN')).map((run) => run.replace(/--mount=\S+\s*/g, ''));

    expect(argsOf(build, 'RUN')).toHaveLength(1);
    expect(argsOf(build, 'RUN')[0]).toMatch(/^(--mount=\S+ )*scripts\/build-sidecar-image-tree\.sh \/image$/);
    expect(
      everyRun.filter((run) => /\b(npm|npx|yarn|pnpm|corepack|tsc|curl|wget|git|apt|apt-get)\b/.test(run)),
    ).toEqual([]);
  });

  it('ships only the tree the script built', () => {
    expect(argsOf(final, 'COPY')).toEqual([`--from=${build.name} /image /app`]);
    expect(argsOf(final, 'ADD')).toEqual([]);
    expect(argsOf(final, 'ENTRYPOINT')).toEqual(['["node", "/app/sidecar/bin/nextcloud-mcp-server.js"]']);
  });

  it('runs as user 10001, not root, and keeps the SQLite store in the /data volume', () => {
    const user = argsOf(final, 'USER').at(-1) ?? 'root';

    expect(user).toBe('10001:10001');
    expect(argsOf(final, 'VOLUME')).toEqual(['["/data"]']);
    expect(dockerfileEnvironment().TOKEN_STORAGE_DB).toMatch(/^\/data\//);
  });

  it('checks readiness on /health/ready with node, exposes the port it listens on, and stops with SIGTERM', () => {
    const [healthcheck = ''] = argsOf(final, 'HEALTHCHECK');

    expect(healthcheck).toMatch(/CMD \["node", "-e", ".*\/health\/ready/);
    expect(healthcheck).toContain('process.env.MCP_SERVER_PORT');
    expect(argsOf(final, 'EXPOSE')).toEqual([dockerfileEnvironment().MCP_SERVER_PORT]);
    expect(dockerfileEnvironment().MCP_SERVER_HOST).toBe('0.0.0.0');
    expect(argsOf(final, 'STOPSIGNAL')).toEqual(['SIGTERM']);
  });

  it('gets a build context of only what the script reads (.dockerignore excludes everything else)', () => {
    const ignore = readFileSync(`${ROOT}.dockerignore`, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));

    expect(ignore[0]).toBe('*');
    expect(ignore.slice(1).every((line) => line.startsWith('!'))).toBe(true);
    expect(ignore).toContain('!scripts/build-sidecar-image-tree.sh');
  });
});
