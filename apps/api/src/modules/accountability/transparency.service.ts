import {
  TRANSPARENCY_ACTIVITY_DAYS,
  TRANSPARENCY_NOT_FOUND,
  TRANSPARENCY_SECTIONS,
  type TTransparencyIndex,
  type TTransparencyPage,
  type TTransparencySection,
  type TTransparencySettings,
} from "@odin/contract";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import { writeAudit } from "../../lib/audit-rows.repository";
import { requireOwnAgency } from "../../access/tenancy";
import {
  computeTransparencyFigures,
  findPublishedAgency,
  findTransparencySettingsRow,
  listPublishedAgencies,
  type PublishedAgency,
  type TransparencyFigures,
  type TransparencySettingsRow,
  updateTransparencySettingsRow,
} from "./transparency.repository";
import { findRetentionPolicies, type StoredPolicy } from "./retention.repository";
import { describeRetention, type RetentionDefaults } from "./retention.service";

const ALL_SECTIONS = TRANSPARENCY_SECTIONS.map((section) => section.value);

export interface TransparencyDeps {
  prisma: Database;
  /** DETECTION_RETENTION_DAYS and ALERT_RETENTION_DAYS: what applies without the agency's own policy. */
  retentionDefaults: RetentionDefaults;
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

  function retentionOf(
    agency: PublishedAgency,
    stored: StoredPolicy[],
  ): NonNullable<TTransparencyPage["retention"]> {
    const slots = describeRetention(stored, agency.retentionDays, deps.retentionDefaults);
    const daysOf = (record: string, source: string) => {
      const slot = slots.find((row) => row.record === record && row.source === source)!;
      return slot.days ?? slot.default_days;
    };
    const readDays = daysOf("reads", "Axis")!;
    const auditDays = daysOf("audit", "all");
    const notStored = (source: "Rekor" | "Axon") => ({
      record: "reads" as const,
      source,
      days: null,
      description: `Not stored by Odin: searched live in ${source}, whose retention applies.`,
    });
    return [
      {
        record: "reads",
        source: "Axis",
        days: readDays,
        description: `Plate reads from the agency's RAVEN cameras are stored by Odin and deleted after ${readDays} days, unless a hotlist alert or a legal hold keeps them.`,
      },
      notStored("Rekor"),
      notStored("Axon"),
      ...(["Axis", "Rekor", "Axon"] as const).map((source) => {
        const days = daysOf("alerts", source)!;
        return {
          record: "alerts" as const,
          source,
          days,
          description: `Hotlist alerts on ${source === "Axis" ? "RAVEN" : source} reads, with the pictures they show, are deleted ${days} days after the read.`,
        };
      }),
      {
        record: "audit",
        source: null,
        days: auditDays,
        description:
          (auditDays === null ? "" : `The agency's policy keeps the audit log at least ${auditDays} days. `) +
          "Every search and export is recorded with its justification in an append-only, tamper-evident audit log, which Odin keeps indefinitely.",
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
      const [{ at, figures }, stored] = await Promise.all([
        figuresOf(agency.id),
        findRetentionPolicies(deps.prisma, agency.id),
      ]);
      return {
        agency: { name: agency.name, code: agency.code },
        generated_at: at.toISOString(),
        sections,
        ...(shows("cameras") ? { cameras: figures.cameras } : {}),
        ...(shows("retention") ? { retention: retentionOf(agency, stored) } : {}),
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

function toSettings(agency: TransparencySettingsRow): TTransparencySettings {
  return {
    enabled: agency.transparencyEnabled,
    sections: ALL_SECTIONS.filter((section) => !agency.transparencyHidden.includes(section)),
    policy: agency.transparencyPolicy ?? "",
    code: agency.code,
  };
}

/** GET /admin/transparency: the admin's own agency's settings. */
export async function findTransparencySettings(
  prisma: Pick<Database, "agency">,
  actor: Actor,
): Promise<TTransparencySettings> {
  const agencyId = requireOwnAgency(actor);
  return toSettings(await findTransparencySettingsRow(prisma, agencyId));
}

/** PUT /admin/transparency: on or off, the sections shown, the policy text. Audited with what changed. */
export async function updateTransparencySettings(
  prisma: Database,
  actor: Actor,
  body: { enabled: boolean; sections: TTransparencySection[]; policy: string },
): Promise<TTransparencySettings> {
  const agencyId = requireOwnAgency(actor);
  return inTransaction(prisma, async (tx) => {
    const agency = await updateTransparencySettingsRow(tx, agencyId, {
      transparencyEnabled: body.enabled,
      transparencyHidden: ALL_SECTIONS.filter((section) => !body.sections.includes(section)),
      transparencyPolicy: body.policy === "" ? null : body.policy,
    });
    const settings = toSettings(agency);
    await writeAudit(tx, actor, {
      action: "transparency_changed",
      detail: { enabled: settings.enabled, sections: settings.sections, policy_chars: body.policy.length },
    });
    return settings;
  });
}
