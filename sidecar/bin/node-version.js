// The Node.js versions the sidecar runs on, checked before anything native loads: better-sqlite3 is built for one
// Node.js, and under an older one (Node 20, Debian 12's) it crashes the process with a segmentation fault.

/** The same ranges as `engines` in package.json: 22.22 or later within 22, or 24.15 and later. */
export const SUPPORTED_NODE = '^22.22.0 || >=24.15.0';

/**
 * Why this Node.js cannot run the sidecar, in one line, or undefined when it can. `version` is `process.versions.node`
 * (`20.20.2`).
 */
export function nodeVersionProblem(version) {
  const [major = 0, minor = 0] = String(version).split('.').map(Number);
  const supported = (major === 22 && minor >= 22) || (major === 24 && minor >= 15) || major > 24;
  if (supported) return undefined;
  return (
    `nextcloud-mcp-server needs Node.js 24.15 or later (22.22 or later also works); this is Node.js ${version}. ` +
    'Run it with scripts/nextcloud-mcp-server or `make run`, which use the Node.js 24 that `make install` fetches.'
  );
}

/** One line for a native module built for another Node.js (after switching Node versions), or undefined. */
export function nativeModuleProblem(error) {
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`;
  if (!/NODE_MODULE_VERSION|ERR_DLOPEN_FAILED/.test(text)) return undefined;
  return (
    `A native module (better-sqlite3) was built for another Node.js than this one (${process.versions.node}). ` +
    'Run `make install` again, or `npm rebuild better-sqlite3` with this Node.js.'
  );
}
