// Nextcloud credentials (login name + app password) and their HTTP Basic encoding.

export interface NextcloudCredentials {
  loginName: string;
  password: string;
}

export function encodeBasicAuthorization(credentials: NextcloudCredentials): string {
  return `Basic ${Buffer.from(`${credentials.loginName}:${credentials.password}`, 'utf8').toString('base64')}`;
}
