import { describe, expect, it } from "vitest";
import { ADMIN, INVESTIGATOR } from "@/testing/auth";
import { canAddToHotlist } from "./permissions";

const HOTLIST_VIEWER = { ...INVESTIGATOR, hotlist_viewer: true };
const HOTLIST_ADMIN = { ...INVESTIGATOR, hotlist_admin: true };

describe("canAddToHotlist (000 §6)", () => {
  it("allows an approved user of an agency who is an admin, a hotlist admin or a hotlist viewer", () => {
    expect(canAddToHotlist(ADMIN)).toBe(true);
    expect(canAddToHotlist(HOTLIST_ADMIN)).toBe(true);
    expect(canAddToHotlist(HOTLIST_VIEWER)).toBe(true);
  });

  it("refuses a user with none of those rights, and no user at all", () => {
    expect(canAddToHotlist(INVESTIGATOR)).toBe(false);
    expect(canAddToHotlist(null)).toBe(false);
  });

  it("refuses a user who is not approved, whatever their rights", () => {
    for (const user of [ADMIN, HOTLIST_ADMIN, HOTLIST_VIEWER]) {
      expect(canAddToHotlist({ ...user, approved: false })).toBe(false);
    }
  });

  it("refuses a user without an agency_id, whatever their rights", () => {
    for (const user of [ADMIN, HOTLIST_ADMIN, HOTLIST_VIEWER]) {
      expect(canAddToHotlist({ ...user, agency_id: null })).toBe(false);
    }
  });
});
