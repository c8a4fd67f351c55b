// In-memory storage adapter for oidc-provider, with expiring dynamically registered clients like Nextcloud's oidc app.

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

interface Entry {
  payload: Payload;
  expiresAt?: number;
}

/** One store shared by every model, keyed `Model:id`. */
export function createMemoryAdapterFactory(options: { clientExpireSeconds: () => number; clock?: () => number }) {
  const entries = new Map<string, Entry>();
  const now = options.clock ?? Date.now;

  return class MemoryAdapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const seconds = this.model === 'Client' ? options.clientExpireSeconds() : expiresIn;
      entries.set(this.key(id), { payload, expiresAt: seconds ? now() + seconds * 1000 : undefined });
    }

    async find(id: string): Promise<Payload | undefined> {
      const entry = entries.get(this.key(id));
      if (!entry) return undefined;
      if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
        entries.delete(this.key(id));
        return undefined;
      }
      return entry.payload;
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return this.findBy((payload) => payload.userCode === userCode);
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return this.findBy((payload) => payload.uid === uid);
    }

    async consume(id: string): Promise<void> {
      const entry = entries.get(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
    }

    private async findBy(match: (payload: Payload) => boolean): Promise<Payload | undefined> {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.model}:`) && match(entry.payload))
          return this.find(key.slice(this.model.length + 1));
      }
      return undefined;
    }
  };
}
