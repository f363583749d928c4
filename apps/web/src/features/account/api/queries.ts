import { queryOptions } from "@tanstack/react-query";
import { getProfile } from "./get-profile";
import { getMfaStatus } from "./mfa";

/** The account screens' query keys, in one place: a change invalidates the key of what it changed. */
export const accountKeys = {
  profile: ["account", "profile"] as const,
  mfaStatus: ["account", "mfa"] as const,
};

export const accountQueries = {
  profile: () => queryOptions({ queryKey: accountKeys.profile, queryFn: getProfile }),
  mfaStatus: () => queryOptions({ queryKey: accountKeys.mfaStatus, queryFn: getMfaStatus }),
};
