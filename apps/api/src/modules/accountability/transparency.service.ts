import {
  TRANSPARENCY_ACTIVITY_DAYS,
  TRANSPARENCY_NOT_FOUND,
  TRANSPARENCY_SECTIONS,
  type TTransparencyIndex,
  type TTransparencyPage,
  type TTransparencySection,
  type TTransparencySettings,
} from "@odin/contract";
import type { PrismaClient } from "@odin/db";
import type { Actor } from "../../auth/actor";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../audit/audit.repository";
import { requireOwnAgency } from "../admin/admin-deps";
import {
  computeTransparencyFigures,
  findPublishedAgency,
  listPublishedAgencies,
  type PublishedAgency,
  type TransparencyFigures,
} from "./transparency.repository";

const ALL_SECTIONS = TRANSPARENCY_SECTIONS.map((section) => section.value);

export interface TransparencyDeps {
  prisma: PrismaClient;
  /** DETECTION_RETENTION_DAYS and ALERT_RETENTION_DAYS: what the page says is kept, and how long. */
  readRetentionDays: number;
  alertRetentionDays: number;
  /** TRANSPARENCY_CACHE_SECONDS in ms: how long one process reuses an agency's figures (0: never). */
  cacheMs: number;
  now?: () => number;
}

export interface Transparency {
  listPublished(): Promise<TTransparencyIndex>;
  findPage(code: string): Promise<TTransparencyPage>;
}

/**
 * The public transparency pages (issue 23 item 3). Whether an agency publishes, which sections and
 * the policy text are read from its row on every request, so turning the page off or editing it is
 * seen at once by every replica; only the figures (counts over the tables) are cached, per process,
 * for `cacheMs`: a page's counts may lag that long, which is harmless for 30-day totals.
 */
export function createTransparency(deps: TransparencyDeps): Transparency {
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { expires: number; at: Date; figures: TransparencyFigures }>();

  async function figuresOf(agencyId: number) {
    const cached = cache.get(agencyId);
    if (cached && cached.expires > now()) return cached;
    const figures = await computeTransparencyFigures(deps.prisma, agencyId, TRANSPARENCY_ACTIVITY_DAYS);
    const entry = { expires: now() + deps.cacheMs, at: new Date(now()), figures };
    if (deps.cacheMs > 0) cache.set(agencyId, entry);
    return entry;
  }

  function retentionOf(agency: PublishedAgency): NonNullable<TTransparencyPage["retention"]> {
    const readDays = agency.retentionDays ?? deps.readRetentionDays;
    return [
      {
        record: "reads",
        source: "Axis",
        days: readDays,
        description: `Plate reads from the agency's RAVEN cameras are stored by Odin and deleted after ${readDays} days, unless a hotlist alert points at them.`,
      },
      {
        record: "reads",
        source: "Rekor",
        days: null,
        description: "Not stored by Odin: searched live in Rekor, whose retention applies.",
      },
      {
        record: "reads",
        source: "Axon",
        days: null,
        description: "Not stored by Odin: searched live in Axon, whose retention applies.",
      },
      {
        record: "alerts",
        source: null,
        days: deps.alertRetentionDays,
        description: `Hotlist alerts, with the read and pictures they show, are deleted after ${deps.alertRetentionDays} days.`,
      },
      {
        record: "audit",
        source: null,
        days: null,
        description:
          "Every search and export is recorded with its justification in an append-only, tamper-evident audit log, kept indefinitely.",
      },
    ];
  }

  return {
    async listPublished() {
      return { agencies: await listPublishedAgencies(deps.prisma) };
    },

    async findPage(code) {
      const agency = await findPublishedAgency(deps.prisma, code.trim().toUpperCase());
      // Off, deactivated and unknown agencies answer alike: the page tells nothing of which exist.
      if (!agency) throw new AppError("NOT_FOUND", TRANSPARENCY_NOT_FOUND);
      const sections = ALL_SECTIONS.filter((section) => !agency.transparencyHidden.includes(section));
      const shows = (section: TTransparencySection) => sections.includes(section);
      const { at, figures } = await figuresOf(agency.id);
      return {
        agency: { name: agency.name, code: agency.code },
        generated_at: at.toISOString(),
        sections,
        ...(shows("cameras") ? { cameras: figures.cameras } : {}),
        ...(shows("retention") ? { retention: retentionOf(agency) } : {}),
        ...(shows("hotlists")
          ? {
              hotlists: {
                groups: figures.hotlists.groups,
                plates: figures.hotlists.plates,
                alerts_by_source: figures.hotlists.alertsBySource,
              },
            }
          : {}),
        ...(shows("activity")
          ? {
              activity: {
                days: TRANSPARENCY_ACTIVITY_DAYS,
                searches: figures.activity.searches,
                searches_with_case_number: figures.activity.searchesWithCaseNumber,
                exports: figures.activity.exports,
                exported_records: figures.activity.exportedRecords,
              },
            }
          : {}),
        ...(shows("sharing") ? { sharing: { shares_with: figures.sharesWith } } : {}),
        ...(shows("policy") ? { policy: agency.transparencyPolicy } : {}),
      };
    },
  };
}

const SETTINGS_SELECT = {
  code: true,
  transparencyEnabled: true,
  transparencyHidden: true,
  transparencyPolicy: true,
} as const;

function toSettings(agency: {
  code: string;
  transparencyEnabled: boolean;
  transparencyHidden: string[];
  transparencyPolicy: string | null;
}): TTransparencySettings {
  return {
    enabled: agency.transparencyEnabled,
    sections: ALL_SECTIONS.filter((section) => !agency.transparencyHidden.includes(section)),
    policy: agency.transparencyPolicy ?? "",
    code: agency.code,
  };
}

/** GET /admin/transparency: the admin's own agency's settings. */
export async function findTransparencySettings(
  prisma: Pick<PrismaClient, "agency">,
  auth: Actor,
): Promise<TTransparencySettings> {
  const agencyId = requireOwnAgency(auth);
  return toSettings(
    await prisma.agency.findUniqueOrThrow({ where: { id: agencyId }, select: SETTINGS_SELECT }),
  );
}

/** PUT /admin/transparency: on or off, the sections shown, the policy text. Audited with what changed. */
export async function updateTransparencySettings(
  prisma: PrismaClient,
  auth: Actor,
  body: { enabled: boolean; sections: TTransparencySection[]; policy: string },
): Promise<TTransparencySettings> {
  const agencyId = requireOwnAgency(auth);
  return prisma.$transaction(async (tx) => {
    const agency = await tx.agency.update({
      where: { id: agencyId },
      data: {
        transparencyEnabled: body.enabled,
        transparencyHidden: ALL_SECTIONS.filter((section) => !body.sections.includes(section)),
        transparencyPolicy: body.policy === "" ? null : body.policy,
      },
      select: SETTINGS_SELECT,
    });
    const settings = toSettings(agency);
    await writeAudit(tx, auth, {
      action: "transparency_changed",
      detail: { enabled: settings.enabled, sections: settings.sections, policy_chars: body.policy.length },
    });
    return settings;
  });
}
