import { bindServices } from "../../lib/bind-services";
import type { Database } from "../../lib/database";
import { findCaseFieldSettings, updateCaseFieldSettings } from "./case-fields.service";
import { listLegalHolds, placeLegalHold, releaseLegalHold } from "./legal-holds.service";
import { markFlagReviewed, setAuditorFlag } from "./review.service";
import { findTransparencySettings, updateTransparencySettings } from "./transparency.service";

/**
 * What the accountability routes receive (issue 39 item 2): case fields, supervisor review, legal holds
 * and the transparency settings, bound to the database. The review flags' list reads from a standby
 * (the routes call listReviewFlags through the read replicas) and the public transparency pages are
 * createTransparency's (cached).
 */
export const accountabilityServiceFactory = (database: Database) =>
  bindServices(database, {
    findCaseFieldSettings,
    updateCaseFieldSettings,
    markFlagReviewed,
    setAuditorFlag,
    listLegalHolds,
    placeLegalHold,
    releaseLegalHold,
    findTransparencySettings,
    updateTransparencySettings,
  });
export type AccountabilityService = ReturnType<typeof accountabilityServiceFactory>;
