import { queryOptions } from "@tanstack/react-query";
import { caseFieldSettingsQuery } from "@/components/forms/case-fields";
import { getAdminData } from "./admin-users";
import { getAlertEmailSettings } from "./alert-email-settings";
import { getMfaPolicy } from "./mfa-policy";
import { getLegalHolds, getRetention } from "./retention";
import { getTransparencySettings } from "./transparency-settings";

/** The admin screen's query keys, in one place: a change invalidates the key of what it changed. */
export const adminKeys = {
  all: ["admin"] as const,
  users: ["admin", "users"] as const,
  mfaPolicy: ["admin", "mfa-policy"] as const,
  retention: ["admin", "retention"] as const,
  legalHolds: ["admin", "legal-holds"] as const,
  transparency: ["admin", "transparency"] as const,
  alertEmailSettings: ["admin", "alert-email-settings"] as const,
  /** Shared with every form that shows the case fields (components/forms/case-fields.tsx). */
  caseFieldSettings: caseFieldSettingsQuery.queryKey,
};

export const adminQueries = {
  users: () => queryOptions({ queryKey: adminKeys.users, queryFn: getAdminData }),
  mfaPolicy: () => queryOptions({ queryKey: adminKeys.mfaPolicy, queryFn: getMfaPolicy }),
  retention: () => queryOptions({ queryKey: adminKeys.retention, queryFn: getRetention }),
  legalHolds: () => queryOptions({ queryKey: adminKeys.legalHolds, queryFn: getLegalHolds }),
  transparency: () => queryOptions({ queryKey: adminKeys.transparency, queryFn: getTransparencySettings }),
  alertEmailSettings: () =>
    queryOptions({ queryKey: adminKeys.alertEmailSettings, queryFn: getAlertEmailSettings }),
  caseFieldSettings: () => caseFieldSettingsQuery,
};
