// In-memory storage adapter for oidc-provider, shaped like Nextcloud's oidc app: dynamically registered clients get
// an expiry and stay stored past it (until the cleanup job), and a rotated refresh token is simply gone.

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

export interface MemoryAdapterOptions {
  /** How long a dynamically registered client lives (Nextcloud's client_expire_time, 3600 s by default). */
  dynamicClientLifetimeSeconds: () => number;
}

/**
 * One store shared by every model, keyed `Model:id`. Entries never expire here: oidc-provider checks each token's
 * `exp` itself, so an expired refresh token is still found (and refused as expired, not as unknown).
 */
export function createMemoryAdapterFactory(options: MemoryAdapterOptions) {
  const entries = new Map<string, Payload>();

  return class MemoryAdapter {
    constructor(private readonly model: string) {}

    /** The stored dynamically registered clients (static clients live in the configuration, not here). */
    static dynamicClients(): Payload[] {
      return [...entries].filter(([key]) => key.startsWith('Client:')).map(([, payload]) => payload);
    }

    /** Removes a stored client, as the oidc app's cleanup job does. */
    static deleteClient(clientId: string): void {
      entries.delete(`Client:${clientId}`);
    }

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Payload): Promise<void> {
      if (this.model === 'Client') stampClientExpiry(payload, options.dynamicClientLifetimeSeconds());
      entries.set(this.key(id), payload);
    }

    async find(id: string): Promise<Payload | undefined> {
      return entries.get(this.key(id));
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return this.findBy((payload) => payload.userCode === userCode);
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return this.findBy((payload) => payload.uid === uid);
    }

    /** Nextcloud replaces a refresh token on use: the old one is unknown afterwards, and nothing else is revoked. */
    async consume(id: string): Promise<void> {
      if (this.model === 'RefreshToken') {
        entries.delete(this.key(id));
        return;
      }
      const payload = entries.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, payload] of entries) if (payload.grantId === grantId) entries.delete(key);
    }

    private async findBy(match: (payload: Payload) => boolean): Promise<Payload | undefined> {
      for (const [key, payload] of entries) {
        if (key.startsWith(`${this.model}:`) && match(payload)) return payload;
      }
      return undefined;
    }
  };
}

/**
 * A newly registered client expires `lifetimeSeconds` after issue (`client_secret_expires_at`); oidc-provider then
 * refuses its client authentication, which the double answers as Nextcloud's `expired_client`. An update keeps it.
 */
function stampClientExpiry(payload: Payload, lifetimeSeconds: number): void {
  const issuedAt = payload.client_id_issued_at;
  if (typeof issuedAt !== 'number' || Number(payload.client_secret_expires_at ?? 0) > 0) return;
  payload.client_secret_expires_at = issuedAt + lifetimeSeconds;
}
