/**
 * Demo data for the embedded default (`pnpm start` without DATABASE_URL): three Connecticut agencies,
 * the owner, four personas per agency, integrations pointing at the local vendor simulators, Rekor
 * cameras, and one hotlist group per agency.
 *
 * Every secret in this file (the password, vendor keys, ingest tokens) is a visible demo value on
 * purpose: the demo runs against local simulators, and the console prints the sign-ins. Production
 * deployments do not run this seed.
 *
 * Idempotent: rows are found by their unique keys and created only when missing, so a second run
 * changes nothing, and it never undoes what people did in the demo (a changed password, an archived
 * group, edited camera locations). The constants are exported so the simulators can generate reads
 * from the same keys, cameras and plates.
 */
import type { Prisma, PrismaClient } from "./generated/client";
import {
  DEFAULT_SIMULATOR_URLS,
  DEMO_AGENCIES,
  DEMO_AXON,
  DEMO_EMAIL_DOMAIN,
  DEMO_OWNER_USERNAME,
  DEMO_PASSWORD,
  type DemoAgency,
  type DemoAgencyKey,
} from "./demo-data";
import { hashPassword, hashToken } from "./password";

// The constants live in demo-data.ts (no Prisma) so the simulators can read them too.
export * from "./demo-data";

const PERSONAS = [
  {
    persona: "admin",
    suffix: "admin",
    label: "Admin",
    role: "admin",
    hotlistAdmin: false,
    hotlistViewer: false,
  },
  {
    persona: "investigator",
    suffix: "investigator",
    label: "Investigator",
    role: "user",
    hotlistAdmin: false,
    hotlistViewer: false,
  },
  {
    persona: "hotlist admin",
    suffix: "hotlistadmin",
    label: "Hotlist Admin",
    role: "user",
    hotlistAdmin: true,
    hotlistViewer: false,
  },
  {
    persona: "hotlist viewer",
    suffix: "hotlistviewer",
    label: "Hotlist Viewer",
    role: "user",
    hotlistAdmin: false,
    hotlistViewer: true,
  },
] as const;

export type DemoPersona = "owner" | (typeof PERSONAS)[number]["persona"];

export interface DemoSignIn {
  persona: DemoPersona;
  username: string;
  /** Agency name; null for the owner. */
  agency: string | null;
}

export interface DemoSummary {
  password: string;
  signIns: DemoSignIn[];
  agencies: { id: number; name: string }[];
  /** Where the simulators push, with the demo credentials they present. */
  ingest: {
    rekorWebhooks: { rekorApiKeyId: number; agency: string; token: string }[];
    axis: { identifier: string; agency: string; token: string }[];
  };
}

export interface SeedDemoOptions {
  simulatorUrls?: { rekor: string; axon: string };
  /** Encrypts vendor secrets at rest, with the key the API decrypts them with. */
  encryptSecret: (plain: string) => string;
}

// Any constant: it only has to be the same for every process that seeds this database.
const SEED_LOCK_KEY = 0x0d1_5eed;

export async function seedDemoData(prisma: PrismaClient, options: SeedDemoOptions): Promise<DemoSummary> {
  const urls = options.simulatorUrls ?? DEFAULT_SIMULATOR_URLS;
  // Hashed once for every demo user: the password is public anyway, and one scrypt keeps start-up quick.
  // Computed outside the transaction so it holds no connection while hashing.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return prisma.$transaction(
    async (tx) => {
      // Two processes starting on one fresh database must not both insert: the second waits, then finds.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
      const seeder = new DemoSeeder(tx, passwordHash, options.encryptSecret, {
        rekor: trimSlash(urls.rekor),
        axon: trimSlash(urls.axon),
      });
      return seeder.run();
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

class DemoSeeder {
  private readonly agencyIds = new Map<DemoAgencyKey, number>();
  private readonly summary: DemoSummary = {
    password: DEMO_PASSWORD,
    signIns: [],
    agencies: [],
    ingest: { rekorWebhooks: [], axis: [] },
  };

  constructor(
    private readonly tx: Prisma.TransactionClient,
    private readonly passwordHash: string,
    private readonly encryptSecret: (plain: string) => string,
    private readonly urls: { rekor: string; axon: string },
  ) {}

  async run(): Promise<DemoSummary> {
    for (const demo of DEMO_AGENCIES) {
      const agency = await this.tx.agency.upsert({
        where: { name: demo.name },
        update: {},
        create: { name: demo.name, code: demo.code },
      });
      this.agencyIds.set(demo.key, agency.id);
      this.summary.agencies.push({ id: agency.id, name: agency.name });
    }

    // The owner belongs to no agency: it is the one cross-agency user (owner panel, camera management),
    // and an agency would make it appear among that agency's users and hotlist members.
    await this.ensureUser({
      username: DEMO_OWNER_USERNAME,
      name: "Odin Owner",
      role: "admin",
      agencyId: null,
    });
    this.summary.signIns.push({ persona: "owner", username: DEMO_OWNER_USERNAME, agency: null });

    for (const demo of DEMO_AGENCIES) {
      const agencyId = this.agencyId(demo.key);
      const users = new Map<string, number>();
      for (const persona of PERSONAS) {
        const username = `${demo.key}.${persona.suffix}`;
        const user = await this.ensureUser({
          username,
          name: `${demo.shortName} ${persona.label}`,
          role: persona.role,
          agencyId,
          hotlistAdmin: persona.hotlistAdmin,
          hotlistViewer: persona.hotlistViewer,
        });
        users.set(persona.suffix, user.id);
        this.summary.signIns.push({ persona: persona.persona, username, agency: demo.name });
      }
      await this.ensureRekor(demo, agencyId);
      await this.ensureAxis(demo, agencyId);
      await this.ensureHotlistGroup(
        demo,
        agencyId,
        requireId(users, "hotlistadmin"),
        requireId(users, "hotlistviewer"),
      );
    }

    await this.ensureAxon();
    return this.summary;
  }

  private agencyId(key: DemoAgencyKey): number {
    return requireId(this.agencyIds, key);
  }

  private ensureUser(user: {
    username: string;
    name: string;
    role: "admin" | "user";
    agencyId: number | null;
    hotlistAdmin?: boolean;
    hotlistViewer?: boolean;
  }) {
    return this.tx.user.upsert({
      where: { username: user.username },
      update: {},
      create: {
        ...user,
        email: `${user.username}@${DEMO_EMAIL_DOMAIN}`,
        approved: true,
        passwordHash: this.passwordHash,
      },
    });
  }

  private async ensureRekor(demo: DemoAgency, agencyId: number): Promise<void> {
    const { apiKey, webhookToken, agentUid, cameras } = demo.rekor;
    const key = await this.tx.rekorApiKey.upsert({
      where: { agencyId_agencyName: { agencyId, agencyName: demo.name } },
      // The simulators may run on other ports than last time: the demo rows follow them.
      update: { baseUrl: this.urls.rekor },
      create: {
        agencyId,
        agencyName: demo.name,
        apiKeyCiphertext: this.encryptSecret(apiKey),
        apiKeyLast4: apiKey.slice(-4),
        baseUrl: this.urls.rekor,
        webhookTokenHash: hashToken(webhookToken),
      },
    });
    this.summary.ingest.rekorWebhooks.push({ rekorApiKeyId: key.id, agency: demo.name, token: webhookToken });

    for (const camera of cameras) {
      await this.tx.rekorCamera.upsert({
        where: { rekorApiKeyId_cameraId: { rekorApiKeyId: key.id, cameraId: camera.cameraId } },
        update: {},
        create: {
          rekorApiKeyId: key.id,
          cameraId: camera.cameraId,
          cameraName: camera.cameraName,
          siteName: camera.siteName,
          agentUid,
          latitude: camera.latitude,
          longitude: camera.longitude,
          correctedLatitude: camera.corrected?.latitude ?? null,
          correctedLongitude: camera.corrected?.longitude ?? null,
          isManual: camera.corrected !== undefined,
          agencyId,
        },
      });
    }
  }

  private async ensureAxis(demo: DemoAgency, agencyId: number): Promise<void> {
    const axisAgency = await this.tx.axisAgency.upsert({
      where: { agencyId },
      update: {},
      create: { agencyId, agencyName: demo.name },
    });
    for (const integration of demo.axis) {
      const row = await this.tx.axisIntegration.upsert({
        where: { identifier: integration.identifier },
        update: {},
        create: {
          axisAgencyId: axisAgency.id,
          identifier: integration.identifier,
          ingestTokenHash: hashToken(integration.ingestToken),
          label: integration.label,
          latitude: integration.latitude,
          longitude: integration.longitude,
        },
      });
      for (const partner of integration.sharedWith ?? []) {
        const partnerId = this.agencyId(partner);
        await this.tx.axisIntegrationShare.upsert({
          where: { integrationId_agencyId: { integrationId: row.id, agencyId: partnerId } },
          update: {},
          create: { integrationId: row.id, agencyId: partnerId },
        });
      }
      this.summary.ingest.axis.push({
        identifier: integration.identifier,
        agency: demo.name,
        token: integration.ingestToken,
      });
    }
  }

  private async ensureAxon(): Promise<void> {
    const owner = DEMO_AGENCIES.find((demo) => demo.key === DEMO_AXON.agencyKey);
    if (!owner) throw new Error(`Demo Axon agency ${DEMO_AXON.agencyKey} is not a demo agency`);
    const agencyId = this.agencyId(owner.key);
    const integration = await this.tx.axonIntegration.upsert({
      where: { agencyId },
      update: { baseUrl: this.urls.axon },
      create: {
        agencyId,
        clientId: DEMO_AXON.clientId,
        clientSecretCiphertext: this.encryptSecret(DEMO_AXON.clientSecret),
        partnerId: DEMO_AXON.partnerId,
        baseUrl: this.urls.axon,
        agencyName: owner.name,
      },
    });
    const listed = [
      ...DEMO_AXON.authorized.map((key) => ({ key, status: "authorized" as const })),
      ...DEMO_AXON.blacklisted.map((key) => ({ key, status: "blacklisted" as const })),
    ];
    for (const { key, status } of listed) {
      const listedAgencyId = this.agencyId(key);
      await this.tx.axonIntegrationAgency.upsert({
        where: { integrationId_agencyId: { integrationId: integration.id, agencyId: listedAgencyId } },
        update: {},
        create: { integrationId: integration.id, agencyId: listedAgencyId, status },
      });
    }
  }

  /**
   * Groups have no unique key (names may repeat, archived groups keep theirs), so the demo group is
   * found by agency and name. Members and plates are only added with a new group: once it exists it
   * belongs to the demo's users, who may remove plates or archive it.
   */
  private async ensureHotlistGroup(
    demo: DemoAgency,
    agencyId: number,
    hotlistAdminId: number,
    hotlistViewerId: number,
  ): Promise<void> {
    const existing = await this.tx.hotlistGroup.findFirst({ where: { agencyId, name: demo.hotlist.name } });
    if (existing) return;
    await this.tx.hotlistGroup.create({
      data: {
        agencyId,
        name: demo.hotlist.name,
        description: demo.hotlist.description,
        createdById: hotlistAdminId,
        members: { create: [{ userId: hotlistAdminId }, { userId: hotlistViewerId }] },
        plates: {
          create: demo.hotlist.plates.map((plate) => ({
            plateNumber: plate.plateNumber,
            plateNormalized: normalizePlate(plate.plateNumber),
            state: plate.state,
            reason: plate.reason,
            notes: plate.notes ?? null,
            addedById: hotlistAdminId,
          })),
        },
      },
    });
  }
}

/** Upper case without spaces or dashes: the rule the matcher and searches use (hotlist issue). */
function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[\s-]+/g, "");
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function requireId<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo seed: no id for ${String(key)}`);
  return id;
}
