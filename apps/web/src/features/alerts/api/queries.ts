import { MESSAGES } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { getAlertGroups } from "./alert-groups";
import { getAlert } from "./alerts";
import { getEditGroupData, getGroupCreateData, getGroupDetails } from "./groups";
import { getAgencyUsers } from "./permissions";

/** A group address that names no group: refused without asking the server. */
const notFound = () => Promise.reject(new Error(MESSAGES.groupNotFound));

/** The alert screens' query keys, in one place: a change invalidates the key of what it changed. */
export const alertKeys = {
  all: ["alerts"] as const,
  groups: ["alerts", "groups"] as const,
  group: (groupId: number | null) => ["alerts", "groups", groupId] as const,
  createData: ["alerts", "group-create-data"] as const,
  agencyUsers: ["alerts", "agency-users"] as const,
  alert: (alertId: number) => ["alerts", "alert", alertId] as const,
};

export const alertQueries = {
  groups: () => queryOptions({ queryKey: alertKeys.groups, queryFn: ({ signal }) => getAlertGroups(signal) }),
  groupDetails: (groupId: number | null) =>
    queryOptions({
      queryKey: [...alertKeys.group(groupId), "details"] as const,
      queryFn: () => (groupId ? getGroupDetails(groupId) : notFound()),
    }),
  editGroupData: (groupId: number | null) =>
    queryOptions({
      queryKey: [...alertKeys.group(groupId), "edit-data"] as const,
      queryFn: () => (groupId ? getEditGroupData(groupId) : notFound()),
    }),
  createData: () => queryOptions({ queryKey: alertKeys.createData, queryFn: getGroupCreateData }),
  agencyUsers: () => queryOptions({ queryKey: alertKeys.agencyUsers, queryFn: getAgencyUsers }),
  alert: (alertId: number) =>
    queryOptions({ queryKey: alertKeys.alert(alertId), queryFn: ({ signal }) => getAlert(alertId, signal) }),
};
