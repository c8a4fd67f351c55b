// The files double for the tests of the double itself: erin (or, to test login names and sub-paths, uid-42 who logs
// in as "Erin", under /cloud) with an app password and bob, and WebDAV calls as erin.
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';

export const ERIN_PASSWORD = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';

export interface FilesDoubleEnv {
  double: PlatformDouble;
  files: FilesDouble;
  /** `{double}/remote.php/dav` (with the sub-path when there is one). */
  dav: string;
  /** The Authorization header of erin's app password. */
  auth: string;
  /** A request below `dav` as erin. */
  call(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: string | Buffer },
  ): Promise<Response>;
}

export async function startFilesDouble(options: { renamed?: boolean } = {}): Promise<FilesDoubleEnv> {
  const files = createFilesApp();
  const erin = options.renamed
    ? { id: 'uid-42', loginName: 'Erin', appPasswords: [ERIN_PASSWORD] }
    : { id: 'erin', displayName: 'Erin E.', appPasswords: [ERIN_PASSWORD] };
  const double = await startPlatformDouble({
    ...(options.renamed ? { subPath: '/cloud' } : {}),
    users: [erin, { id: 'bob', appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] }],
    apps: [files],
  });
  const dav = `${double.url}/remote.php/dav`;
  const auth = `Basic ${Buffer.from(`${erin.loginName ?? erin.id}:${ERIN_PASSWORD}`).toString('base64')}`;
  return {
    double,
    files,
    dav,
    auth,
    call: (method, path, init = {}) =>
      fetch(`${dav}${path}`, { method, headers: { authorization: auth, ...init.headers }, body: init.body }),
  };
}
