import { describe, expect, it } from "vitest";
import { MESSAGES } from "../src/index";

describe("MESSAGES", () => {
  it("keeps the specs' exact text", () => {
    expect(MESSAGES.searchFailed).toBe("Search failed.");
    expect(MESSAGES.justificationAndDateRangeRequired).toBe("Justification and date range are required.");
    expect(MESSAGES.exportInProgress).toBe("Please Wait While Odin Finishes Your Report");
    expect(MESSAGES.auth0ProvisioningFailed).toBe("Auth0 provisioning failed: ");
    expect(MESSAGES.passwordUpdated).toBe("Password updated successfully");
    expect(MESSAGES.sending).toBe("Sending…");
    expect(MESSAGES.addGroup).toBe("+ Add Group");
    expect(MESSAGES.accessDenied).toBe("Access Denied");
  });

  it("fills the slots of the templated messages", () => {
    expect(MESSAGES.addedPlateToHotlist("ABC123", "Stolen")).toBe("Successfully added 'ABC123' to 'Stolen'");
    expect(MESSAGES.authError("login_required")).toBe("Auth error: login_required");
    expect(MESSAGES.updateFailed("timeout")).toBe("Update failed: timeout");
    expect(MESSAGES.timeRangeLabel("24 Hours", "a", "b")).toBe("24 Hours (from a to b)");
  });

  it("words the owner's reset reply so the screen counts it as a success", () => {
    expect(MESSAGES.userPasswordReset).toContain("successfully");
  });
});
