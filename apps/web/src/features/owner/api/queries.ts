import { queryOptions } from "@tanstack/react-query";
import { getManagedAgencies } from "./agencies";
import { getCameraData } from "./cameras";
import { getOwnerData } from "./owner";
import { getSignInRules } from "./sign-in-rules";

/** The owner screens' query keys, in one place: a change invalidates the key of what it changed. */
export const ownerKeys = {
  all: ["owner"] as const,
  data: ["owner", "data"] as const,
  agencies: ["owner", "agencies"] as const,
  cameras: ["owner", "cameras"] as const,
  signInRules: ["owner", "sign-in-rules"] as const,
};

export const ownerQueries = {
  data: () => queryOptions({ queryKey: ownerKeys.data, queryFn: getOwnerData }),
  agencies: () => queryOptions({ queryKey: ownerKeys.agencies, queryFn: getManagedAgencies }),
  cameras: () => queryOptions({ queryKey: ownerKeys.cameras, queryFn: getCameraData }),
  signInRules: () => queryOptions({ queryKey: ownerKeys.signInRules, queryFn: getSignInRules }),
};
