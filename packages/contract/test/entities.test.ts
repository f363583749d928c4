import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  MESSAGES,
  ZAddApiKeyRequest,
  ZAddAxonIntegrationRequest,
  addUserRequestFor,
  ZAddUserRequest,
  ZAuditLogQuery,
  ZExportRequest,
  ZGroupFormFields,
  ZGroupPlateFields,
  ZHotlistAddRequest,
  ZOwnerAddUserRequest,
  ZPermissionUpdate,
  ZRekorApiKey,
  ZRekorCameraUpdate,
  ZResetOwnPasswordRequest,
  ZSearchResult,
  collectGroupPlateFields,
  groupPermissionUpdates,
  maskSecret,
} from "../src/index";

const messagesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message);

const user = {
  username: "  jdoe ",
  name: " Jane Doe ",
  email: "  Jane.Doe@Example.GOV ",
  password: "Str0ng!pass",
};

describe("add-user payload", () => {
  it("trims username and name, trims and lower-cases email, defaults role to user", () => {
    expect(ZAddUserRequest.parse(user)).toEqual({
      username: "jdoe",
      name: "Jane Doe",
      email: "jane.doe@example.gov",
      password: "Str0ng!pass",
      role: "user",
    });
  });

  it("lower-cases the role, and a blank role means user", () => {
    expect(ZAddUserRequest.parse({ ...user, role: " ADMIN " }).role).toBe("admin");
    expect(ZAddUserRequest.parse({ ...user, role: "" }).role).toBe("user");
    expect(ZAddUserRequest.safeParse({ ...user, role: "owner" }).success).toBe(false);
  });

  it("requires every field and a strong password", () => {
    expect(messagesOf(ZAddUserRequest, { ...user, username: "  " })).toEqual([MESSAGES.usernameRequired]);
    expect(messagesOf(ZAddUserRequest, { ...user, email: "nope" })).toEqual([MESSAGES.emailInvalid]);
    // Issue 34: the password is required where Odin takes passwords (addUserRequestFor(true), what the
    // built-in provider's server and form use), and left out with the agency's own provider.
    expect(messagesOf(addUserRequestFor(true), { ...user, password: "" })).toEqual([
      MESSAGES.passwordRequired,
    ]);
    expect(messagesOf(addUserRequestFor(true), { ...user, password: undefined })).toEqual([
      MESSAGES.passwordRequired,
    ]);
    expect(addUserRequestFor(false).parse({ ...user, password: "" }).password).toBeUndefined();
    expect(messagesOf(ZAddUserRequest, { ...user, password: "password" })).toEqual([
      "An uppercase letter",
      "A digit",
      "A special character",
    ]);
  });

  it("takes an optional agency id, which the owner's payload requires", () => {
    expect(ZAddUserRequest.parse({ ...user, agency_id: "3" }).agency_id).toBe(3);
    expect(ZOwnerAddUserRequest.safeParse(user).success).toBe(false);
    expect(ZOwnerAddUserRequest.parse({ ...user, agency_id: 3 }).agency_id).toBe(3);
  });

  it("checks the new password of the change-password call", () => {
    expect(ZResetOwnPasswordRequest.safeParse({ new_password: "Str0ng!pass" }).success).toBe(true);
    expect(ZResetOwnPasswordRequest.safeParse({ new_password: "short" }).success).toBe(false);
  });
});

describe("hotlist add payload", () => {
  const add = { plate_number: " abc123 ", reason: " stolen ", state: "", notes: "  ", group_id: 4 };

  it("needs a group and a reason that is not blank", () => {
    expect(ZHotlistAddRequest.parse(add)).toEqual({ plate_number: "ABC123", reason: "stolen", group_id: 4 });
    expect(messagesOf(ZHotlistAddRequest, { ...add, reason: "   " })).toEqual([
      MESSAGES.selectGroupAndReason,
    ]);
    expect(messagesOf(ZHotlistAddRequest, { ...add, group_id: undefined })).toEqual([
      "Please select a group and enter a reason.",
    ]);
  });

  it("accepts the group id as a numeric string", () => {
    expect(ZHotlistAddRequest.parse({ ...add, group_id: "9" }).group_id).toBe(9);
    expect(ZHotlistAddRequest.safeParse({ ...add, group_id: "9x" }).success).toBe(false);
  });
});

describe("export request", () => {
  const record = {
    id: "r1",
    plate: "ABC123",
    timestamp: "2025-01-15T10:00:00.000Z",
    source_program: "Rekor",
    address: "12 Main St, Hartford, CT",
    plate_crop_data_uri: "data:image/png;base64,iVBORw0KGgo=",
  };

  it("needs at least one record, with the spec's message", () => {
    expect(messagesOf(ZExportRequest, { records: [], justification: "x" })).toEqual([
      MESSAGES.selectAtLeastOneResult,
    ]);
    expect(messagesOf(ZExportRequest, { justification: "x" })).toEqual([
      "Please select at least one result.",
    ]);
  });

  it("needs a non-blank justification, with the spec's message", () => {
    expect(messagesOf(ZExportRequest, { records: [record], justification: " \t " })).toEqual([
      "Justification is required.",
    ]);
    expect(ZExportRequest.parse({ records: [record], justification: " case 7 " }).justification).toBe(
      "case 7",
    );
  });

  it("accepts only image data URIs", () => {
    const bad = { ...record, map_data_uri: "javascript:alert(1)" };
    expect(ZExportRequest.safeParse({ records: [bad], justification: "x" }).success).toBe(false);
  });
});

describe("audit query", () => {
  it("upper-cases the plate and coerces the page", () => {
    expect(ZAuditLogQuery.parse({ page: "3", plate: " ab12 " })).toEqual({ page: 3, plate: "AB12" });
  });

  it("defaults to page 1 and drops blank filters", () => {
    expect(ZAuditLogQuery.parse({ start: "", end: "2025-01-15", plate: "" })).toEqual({
      page: 1,
      end: "2025-01-15",
    });
    expect(ZAuditLogQuery.safeParse({ page: "0" }).success).toBe(false);
  });
});

describe("permission update payload", () => {
  it("accepts only hotlist_admin_{id} and hotlist_viewer_{id} keys", () => {
    expect(ZPermissionUpdate.safeParse({ hotlist_admin_12: true, hotlist_viewer_12: false }).success).toBe(
      true,
    );
    expect(ZPermissionUpdate.safeParse({ hotlist_owner_12: true }).success).toBe(false);
    expect(ZPermissionUpdate.safeParse({ hotlist_admin_: true }).success).toBe(false);
    expect(ZPermissionUpdate.safeParse({ hotlist_admin_12: "maybe" }).success).toBe(false);
  });

  it("groups the changes per user", () => {
    const update = ZPermissionUpdate.parse({
      hotlist_viewer_7: "true",
      hotlist_admin_3: false,
      hotlist_admin_7: true,
    });
    expect(groupPermissionUpdates(update)).toEqual([
      { userId: 3, hotlist_admin: false },
      { userId: 7, hotlist_viewer: true, hotlist_admin: true },
    ]);
  });
});

describe("group forms", () => {
  it("requires a group name and splits the member ids", () => {
    expect(messagesOf(ZGroupFormFields, { group_name: " " })).toEqual([MESSAGES.groupNameRequired]);
    const fields = ZGroupFormFields.parse({ group_name: " Stolen ", group_members: "3, 5,3", other: "kept" });
    expect(fields).toMatchObject({ group_name: "Stolen", group_members: [3, 5], other: "kept" });
    expect(ZGroupFormFields.parse({ group_name: "G", group_members: "" }).group_members).toEqual([]);
  });

  it("collects plates[i][field] in index order, and a plate needs a number", () => {
    const body = {
      "plates[1][number]": "xyz9",
      "plates[0][number]": "abc1",
      "plates[0][reason]": "r",
      "plates[0][file]": "f",
    };
    const plates = collectGroupPlateFields(body);
    expect(plates).toEqual([{ number: "abc1", reason: "r" }, { number: "xyz9" }]);
    expect(ZGroupPlateFields.parse(plates[0])).toEqual({ number: "ABC1", reason: "r" });
    expect(messagesOf(ZGroupPlateFields, { reason: "r" })).toEqual([MESSAGES.plateNumberRequired]);
  });
});

describe("integrations", () => {
  it("masks keys, and the answer schema refuses a raw key", () => {
    expect(maskSecret("abcdefghijklmnop")).toBe("••••••••mnop");
    expect(maskSecret("short")).toBe("••••••••");
    const key = { id: 1, agency: "Hartford PD", source_program: "Rekor" as const };
    expect(z.safeEncode(ZRekorApiKey, { ...key, api_key: maskSecret("abcdefghijklmnop") }).success).toBe(
      true,
    );
    expect(z.safeEncode(ZRekorApiKey, { ...key, api_key: "abcdefghijklmnop" }).success).toBe(false);
  });

  it("requires agency and key, defaulting the program to Rekor", () => {
    expect(ZAddApiKeyRequest.parse({ agency: " A ", api_key: " k " })).toEqual({
      agency: "A",
      api_key: "k",
      source_program: "Rekor",
    });
    expect(
      ZAddApiKeyRequest.parse({ agency: "A", api_key: "k", source_program: "rekor" }).source_program,
    ).toBe("Rekor");
    expect(messagesOf(ZAddApiKeyRequest, { agency: "A", api_key: "" })).toEqual([
      MESSAGES.agencyAndApiKeyRequired,
    ]);
  });

  it("requires the four Axon fields and an http(s) base URL without trailing slash", () => {
    const axon = { client_id: "c", secret_id: "s", partner_id: "p", base_url: "https://ct.evidence.com/" };
    expect(ZAddAxonIntegrationRequest.parse(axon).base_url).toBe("https://ct.evidence.com");
    expect(messagesOf(ZAddAxonIntegrationRequest, { ...axon, partner_id: " " })).toEqual([
      MESSAGES.axonFieldsRequired,
    ]);
    expect(ZAddAxonIntegrationRequest.safeParse({ ...axon, base_url: "file:///etc/passwd" }).success).toBe(
      false,
    );
  });
});

describe("camera update", () => {
  it("reads numbers from JSON or text, blank clears", () => {
    expect(
      ZRekorCameraUpdate.parse({
        corrected_latitude: "41.76",
        corrected_longitude: -72.68,
        agency_id: "",
        is_manual: "true",
      }),
    ).toEqual({ corrected_latitude: 41.76, corrected_longitude: -72.68, agency_id: null, is_manual: true });
    expect(
      ZRekorCameraUpdate.safeParse({
        corrected_latitude: 91,
        corrected_longitude: 0,
        agency_id: 1,
        is_manual: true,
      }).success,
    ).toBe(false);
  });
});

describe("search result", () => {
  it("holds every field of the spec's detection and needs a zoned timestamp", () => {
    const fields = Object.keys(ZSearchResult.shape);
    for (const name of [
      "id",
      "image_uuid",
      "plate",
      "plate_state",
      "make",
      "color",
      "body_type",
      "agency",
      "camera_name",
      "timestamp",
      "latitude",
      "longitude",
      "source_program",
      "agent_uid",
      "api_key",
      "rekor_api_key",
      "image_path",
      "plate_image_url",
      "axis_path",
      "axis_plate_path",
      "plate_x1",
      "plate_x4",
      "plate_y1",
      "plate_y4",
    ]) {
      expect(fields).toContain(name);
    }
    const result = { id: "1", plate: "ABC", timestamp: "2025-01-15T10:00:00Z", source_program: "Axis" };
    expect(ZSearchResult.safeParse(result).success).toBe(true);
    expect(ZSearchResult.safeParse({ ...result, timestamp: "2025-01-15T10:00:00" }).success).toBe(false);
  });
});
