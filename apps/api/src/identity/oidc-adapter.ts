import { type Prisma, type PrismaClient } from "@odin/db";
import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * oidc-provider's storage (sessions, interactions, codes, grants, refresh tokens...) in PostgreSQL,
 * so a restart keeps users signed in and replicas share one state. Clients other than Odin's own web app
 * (the provider's "Client" model) are the agencies' API clients (issue 38 item 2), read by `findClient`
 * from api_clients at each token request, so a client switched off, expired or given a new secret on any
 * process is refused at once on all of them.
 */
export function createOidcAdapterFactory(
  prisma: PrismaClient,
  findClient?: (clientId: string) => Promise<AdapterPayload | undefined>,
) {
  return class PrismaOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const data = {
        payload: payload as Prisma.InputJsonValue,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await prisma.oidcArtifact.upsert({
        where: { kind_id: { kind: this.kind, id } },
        create: { kind: this.kind, id, ...data },
        update: data,
      });
    }

    private async findWhere(where: Prisma.OidcArtifactWhereInput): Promise<AdapterPayload | undefined> {
      const row = await prisma.oidcArtifact.findFirst({ where: { kind: this.kind, ...where } });
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      if (this.kind === "Client") return findClient ? findClient(id) : Promise.resolve(undefined);
      return this.findWhere({ id });
    }

    findByUid(uid: string) {
      return this.findWhere({ uid });
    }

    findByUserCode(userCode: string) {
      return this.findWhere({ userCode });
    }

    async consume(id: string): Promise<void> {
      await prisma.oidcArtifact.updateMany({
        where: { kind: this.kind, id },
        data: { consumedAt: new Date() },
      });
    }

    async destroy(id: string): Promise<void> {
      await prisma.oidcArtifact.deleteMany({ where: { kind: this.kind, id } });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await prisma.oidcArtifact.deleteMany({ where: { grantId } });
    }
  };
}
