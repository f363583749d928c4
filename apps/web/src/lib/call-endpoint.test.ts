import { findEndpoint } from "@odin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTokenSource } from "./api-client";
import { callEndpoint } from "./call-endpoint";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
const request = () => fetchMock.mock.calls[0]!;
let unregister: () => void;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  unregister = registerTokenSource({
    getAccessToken: async () => "token",
    refreshAccessToken: async () => null,
  });
});
afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
});

describe("callEndpoint", () => {
  it("fills the path, sends the body as JSON with the endpoint's method and parses the answer", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, message: "Role updated" }));
    const call = findEndpoint("PUT", "/admin/toggle-role/:id");
    await expect(callEndpoint(call, { params: { id: 7 }, body: { new_role: "admin" } })).resolves.toEqual({
      success: true,
      message: "Role updated",
    });
    const [url, init] = request();
    expect(url).toBe("/admin/toggle-role/7");
    expect(init?.method).toBe("PUT");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe(JSON.stringify({ new_role: "admin" }));
  });

  it("sends a GET without a method or body, with the query string", async () => {
    fetchMock.mockResolvedValueOnce(json({ address: "1 Main St" }));
    const query = new URLSearchParams({ lat: "1", lon: "2" });
    await callEndpoint(findEndpoint("GET", "/geocode/reverse"), { query });
    const [url, init] = request();
    expect(url).toBe("/geocode/reverse?lat=1&lon=2");
    expect(init?.method).toBeUndefined();
    expect(init?.body).toBeUndefined();
  });

  it("passes multipart and form bodies through untouched", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, message: "Removed" }));
    const body = new URLSearchParams({ plate_id: "3" });
    await callEndpoint(findEndpoint("POST", "/groups/:groupId/remove-plate"), {
      params: { groupId: 5 },
      body,
    });
    const [url, init] = request();
    expect(url).toBe("/groups/5/remove-plate");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(body);
  });

  it("rejects an answer the contract's schema refuses", async () => {
    fetchMock.mockResolvedValueOnce(json({ nothing: true }));
    await expect(callEndpoint(findEndpoint("GET", "/geocode/reverse"))).rejects.toThrow();
  });
});
