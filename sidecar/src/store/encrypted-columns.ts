// Every encrypted column of the store and the associated data that binds each ciphertext to its table and row; the
// stores and the key rotation take their contexts from here, so a new encrypted column is added here once.

export const appPasswordContext = (userId: string) => `app_passwords:${userId}`;
export const refreshTokenContext = (userId: string) => `refresh_tokens:${userId}`;
export const accessTokenContext = (userId: string) => `access_tokens:${userId}`;
export const oauthClientContext = (issuer: string, clientId: string, field: 'secret' | 'registration_token') =>
  `oauth_clients:${issuer}:${clientId}:${field}`;
export const oauthSessionContext = (sessionId: string) => `oauth_sessions:${sessionId}`;
export const loginFlowContext = (flowKey: string, field: 'poll_token' | 'grant') => `login_flows:${flowKey}:${field}`;
export const webhookSecretContext = (id: number) => `webhooks:${id}:secret`;
export const authorizationServerRecordContext = (model: string, idHash: string) =>
  `authorization_server_records:${model}:${idHash}`;
export const authorizationServerKeyContext = (kid: string) => `authorization_server_keys:${kid}`;

export interface EncryptedColumn {
  table: string;
  column: string;
  /** The columns that name one row (its primary key). */
  key: readonly string[];
  /** The associated data of one row's ciphertext, from the row's other columns. */
  context(row: Record<string, unknown>): string;
}

const text = (value: unknown) => String(value);

export const ENCRYPTED_COLUMNS: readonly EncryptedColumn[] = [
  {
    table: 'app_passwords',
    column: 'encrypted_password',
    key: ['user_id'],
    context: (row) => appPasswordContext(text(row.user_id)),
  },
  {
    table: 'refresh_tokens',
    column: 'encrypted_token',
    key: ['user_id'],
    context: (row) => refreshTokenContext(text(row.user_id)),
  },
  {
    table: 'access_tokens',
    column: 'encrypted_token',
    key: ['user_id'],
    context: (row) => accessTokenContext(text(row.user_id)),
  },
  {
    table: 'oauth_clients',
    column: 'encrypted_client_secret',
    key: ['id'],
    context: (row) => oauthClientContext(text(row.issuer), text(row.client_id), 'secret'),
  },
  {
    table: 'oauth_clients',
    column: 'encrypted_registration_token',
    key: ['id'],
    context: (row) => oauthClientContext(text(row.issuer), text(row.client_id), 'registration_token'),
  },
  {
    table: 'oauth_sessions',
    column: 'encrypted_code_verifier',
    key: ['session_id'],
    context: (row) => oauthSessionContext(text(row.session_id)),
  },
  {
    table: 'login_flows',
    column: 'encrypted_poll_token',
    key: ['flow_key'],
    context: (row) => loginFlowContext(text(row.flow_key), 'poll_token'),
  },
  {
    table: 'login_flows',
    column: 'encrypted_grant',
    key: ['flow_key'],
    context: (row) => loginFlowContext(text(row.flow_key), 'grant'),
  },
  {
    table: 'webhooks',
    column: 'encrypted_secret',
    key: ['id'],
    context: (row) => webhookSecretContext(Number(row.id)),
  },
  {
    table: 'authorization_server_records',
    column: 'encrypted_payload',
    key: ['model', 'id_hash'],
    context: (row) => authorizationServerRecordContext(text(row.model), text(row.id_hash)),
  },
  {
    table: 'authorization_server_keys',
    column: 'encrypted_key',
    key: ['kid'],
    context: (row) => authorizationServerKeyContext(text(row.kid)),
  },
];
