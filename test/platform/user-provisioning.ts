// The provisioning API for administrators in the double (docs/nextcloud-behaviour.md, "Identity and credentials"):
// search, create, read, change and delete users under /ocs/v{1,2}.php/cloud/users.
import { toAccount, type Account } from './identity.js';
import type { OcsOutcome } from './ocs-envelope.js';

/** The default password policy: at least 10 characters (`abcdefghij` passes), and not a common password. */
const MIN_PASSWORD_LENGTH = 10;
/** unverified: which passwords count as common (Nextcloud checks a list of 1,000,000; these are a few of its top). */
const COMMON_PASSWORDS = new Set(['123456', '123456789', '12345678', 'password', 'qwerty', '1234567890', 'abc123']);
const NOT_SUBADMIN = 'Logged in account must be at least a sub admin';

export interface ProvisioningRequest {
  method: string;
  /** The route below /ocs/v{1,2}.php, e.g. /cloud/users/alice. */
  route: string;
  query: URLSearchParams;
  /** The form or JSON fields of the body. */
  fields: Record<string, string>;
  caller: Account;
  accounts: Map<string, Account>;
}

/** The outcome of one of the provisioning routes, or undefined when the route is not one of them. */
export function handleUserProvisioning(request: ProvisioningRequest): OcsOutcome | undefined {
  const match = /^\/cloud\/users(?:\/([^/]+))?$/.exec(request.route);
  if (!match) return undefined;
  if (!request.caller.groups.includes('admin')) return { status: 403, message: NOT_SUBADMIN };
  const userId = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
  const { accounts, fields } = request;
  if (userId === undefined) {
    if (request.method === 'GET') {
      const search = (request.query.get('search') ?? '').toLowerCase();
      return { status: 200, data: { users: [...accounts.keys()].filter((id) => id.toLowerCase().includes(search)) } };
    }
    if (request.method === 'POST') return createUser(accounts, fields);
    return undefined;
  }
  const account = accounts.get(userId);
  // Deleting an unknown user is an empty 998; reading one a 404 (v1: HTTP 200, statuscode 404).
  if (!account && request.method === 'DELETE') return { status: 404, statuscode: 998, message: '' };
  if (!account) return { status: 404, statuscode: 404, message: 'User does not exist' };
  switch (request.method) {
    case 'GET':
      return { status: 200, data: { id: account.id, email: account.email, displayname: account.displayName } };
    case 'PUT':
      if (fields.key === 'email') account.email = fields.value ?? '';
      else if (fields.key === 'displayname') account.displayName = fields.value ?? '';
      else if (fields.key === 'password') account.loginPassword = fields.value ?? '';
      return { status: 200, data: [] };
    case 'DELETE':
      accounts.delete(userId);
      return { status: 200, data: [] };
    default:
      return undefined;
  }
}

function createUser(accounts: Map<string, Account>, fields: Record<string, string>): OcsOutcome {
  const id = fields.userid ?? '';
  if (accounts.has(id)) return { status: 400, statuscode: 102, message: 'User already exists' };
  const password = fields.password ?? '';
  const failedRules = passwordPolicyFailures(password);
  if (failedRules.length > 0) return { status: 400, statuscode: 107, message: failedRules.join(' ') };
  accounts.set(
    id,
    toAccount({ id, loginPassword: password, email: fields.email, displayName: fields.displayName || undefined }),
  );
  return { status: 200, data: { id } };
}

/** Every rule the password fails, in Nextcloud's order and words. */
function passwordPolicyFailures(password: string): string[] {
  const failures: string[] = [];
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    failures.push('Password is among the 1,000,000 most common ones. Please make it unique.');
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    failures.push(`Password needs to be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  return failures;
}
