// Starts the sidecar as the authorization server of /mcp (oauth mode, MCP_AUTHORIZATION_SERVER=sidecar) in front of
// the platform double, on a port known before it listens (the issuer is its public URL).
import { findFreePort } from '../../../test/platform/free-port.js';
import { startPlatformDouble, type DoubleUser, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { APP_PASSWORD, startTestSidecar, TEST_KEY, type TestSidecar } from './sidecar.js';

export interface AuthorizationServerSetup {
  double: PlatformDouble;
  sidecar: TestSidecar;
  /** http://127.0.0.1:port: the issuer. */
  issuer: string;
  /** `<issuer>/mcp`: the one resource. */
  resource: string;
  stop(): Promise<void>;
}

export async function startAuthorizationServerSidecar(
  env: Record<string, string> = {},
  users: DoubleUser[] = [{ id: 'alice', appPasswords: [APP_PASSWORD] }],
): Promise<AuthorizationServerSetup> {
  const double = await startPlatformDouble({ users });
  const port = await findFreePort();
  const issuer = `http://127.0.0.1:${port}`;
  const sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: double.url,
    MCP_DEPLOYMENT_MODE: 'oauth',
    MCP_AUTHORIZATION_SERVER: 'sidecar',
    NEXTCLOUD_MCP_SERVER_URL: issuer,
    MCP_SERVER_PORT: String(port),
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    ...env,
  });
  return {
    double,
    sidecar,
    issuer,
    resource: `${issuer}/mcp`,
    stop: async () => {
      await sidecar.stop();
      await double.close();
    },
  };
}
