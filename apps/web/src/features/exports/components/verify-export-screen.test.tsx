import type { TExportVerification } from "@odin/contract";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import {
  currentUserValue,
  INVESTIGATOR,
  jsonResponse,
  signedInAuth,
  stubFetchPerTest,
  TestAuthProviders,
  urlOf,
} from "@/testing/auth";
import { VerifyExportScreen } from "./verify-export-screen";

const fetchMock = stubFetchPerTest();

const VALID: TExportVerification = {
  valid: true,
  kind: "pdf",
  problems: [],
  export_id: "8d7e2f7c-1b8e-4c59-9f3e-0c0d5f0c1a11",
  exported_at: "2026-11-25T12:00:00.000Z",
  key_id: "key-1",
  user: "hartford.investigator",
  agency: "Hartford Police Department",
  record_count: 1,
  records: [{ id: "axis-1", source: "Axis", plate: "BGK6839", timestamp: "2026-11-25T02:14:00.000Z" }],
  files: null,
};

function renderScreen() {
  const router = createMemoryRouter([{ path: "/verify-export", element: <VerifyExportScreen /> }], {
    initialEntries: ["/verify-export"],
  });
  render(
    <TestAuthProviders auth={signedInAuth()} currentUser={currentUserValue({ user: INVESTIGATOR })}>
      <RouterProvider router={router} />
    </TestAuthProviders>,
  );
}

function upload(name = "odin-report.pdf") {
  const input = screen.getByLabelText("Exported file (PDF or ZIP)");
  fireEvent.change(input, { target: { files: [new File(["%PDF-1.3"], name, { type: "application/pdf" })] } });
  fireEvent.click(screen.getByRole("button", { name: "Check file" }));
}

describe("VerifyExportScreen", () => {
  it("uploads the file to POST /verify-export and shows what a valid signature covers", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      expect(new URL(urlOf(input), "http://odin.test").pathname).toBe("/verify-export");
      expect(init?.body).toBeInstanceOf(FormData);
      return jsonResponse(VALID);
    });
    renderScreen();
    upload();
    expect(await screen.findByText("Valid")).toBeInTheDocument();
    expect(screen.getByText(VALID.export_id!)).toBeInTheDocument();
    expect(screen.getByText("BGK6839")).toBeInTheDocument();
  });

  it("checks the file without a sign-in: no bearer token is sent, even when signed in (issue 40)", async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      expect(new Headers(init?.headers).has("Authorization")).toBe(false);
      return jsonResponse(VALID);
    });
    renderScreen();
    upload();
    expect(await screen.findByText("Valid")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("names the Axis program RAVEN, as everywhere users see it (issue 40)", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(VALID));
    renderScreen();
    upload();
    const row = (await screen.findByText("BGK6839")).closest("tr")!;
    expect(within(row).getByText("RAVEN")).toBeInTheDocument();
    expect(screen.queryByText("Axis")).not.toBeInTheDocument();
  });

  it("says a changed file is not valid, and why", async () => {
    const problem = "The file was changed after it was exported: its SHA-256 is not the signed one.";
    fetchMock.mockImplementation(async () => jsonResponse({ ...VALID, valid: false, problems: [problem] }));
    renderScreen();
    upload();
    expect(await screen.findByText("Not valid")).toBeInTheDocument();
    expect(screen.getByText(problem)).toBeInTheDocument();
  });

  it("asks for a file before calling the API", () => {
    renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Check file" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose an exported PDF or ZIP file to check.");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
