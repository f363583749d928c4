import { MESSAGES } from "@odin/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { INVESTIGATOR } from "@/testing/auth";
import { renderAs } from "../test-helpers";
import { IntegrationsScreen } from "./integrations-screen";

describe("IntegrationsScreen", () => {
  it("offers Manage Rekor and Manage Axon", () => {
    renderAs(<IntegrationsScreen />);
    expect(screen.getByRole("link", { name: MESSAGES.manageRekor })).toHaveAttribute(
      "href",
      "/integrations/rekor",
    );
    expect(screen.getByRole("link", { name: MESSAGES.manageAxon })).toHaveAttribute(
      "href",
      "/integrations/axon",
    );
  });

  it("shows 'Access Denied' to a non-admin", () => {
    renderAs(<IntegrationsScreen />, INVESTIGATOR);
    expect(screen.getByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: MESSAGES.manageRekor })).not.toBeInTheDocument();
  });
});
