import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_AXON } from "@odin/db/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, outboundFetch, setOutboundPolicy, wasRefused } from "../src/lib/outbound-http";
import { caller } from "./admin-helpers";
import { loadConfig, withDemoServices } from "../src/config/env";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

/** issue 18 item 6: an admin-given URL must not reach Odin's own network. */

/** A plain HTTP server on loopback that counts what reaches it (the "internal service"). */
async function startInternalService() {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ access_token: "t", expires_in: 3600, token_type: "Bearer" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("which addresses are public", () => {
  it.each([
    "127.0.0.1",
    "127.9.9.9",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.100.100.200",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
  ])("%s is refused", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("outboundFetch checks the address at connect time", () => {
  let service: Awaited<ReturnType<typeof startInternalService>>;
  beforeAll(async () => {
    service = await startInternalService();
  });
  afterAll(async () => {
    setOutboundPolicy({ allowedPrivateHosts: [] });
    await service?.close();
  });

  const refusal = async (url: string) => {
    const error = await outboundFetch(new URL(url)).then(
      () => null,
      (caught: unknown) => caught,
    );
    return error;
  };

  it("refuses a loopback address literal and a name that resolves to one; nothing reaches the service", async () => {
    setOutboundPolicy({ allowedPrivateHosts: [] });
    for (const url of [
      `http://127.0.0.1:${service.port}/token`,
      `http://localhost:${service.port}/token`,
      `http://[::ffff:127.0.0.1]:${service.port}/token`,
      `http://2130706433:${service.port}/token`,
    ]) {
      const error = await refusal(url);
      expect(error, url).toBeInstanceOf(Error);
      expect(wasRefused(error), url).toBe(true);
    }
    expect(service.hits).toEqual([]);
  });

  it("lets through a host the owner allowed, by address, by range or by name", async () => {
    for (const allowed of ["127.0.0.1", "127.0.0.0/8", "localhost"]) {
      setOutboundPolicy({ allowedPrivateHosts: [allowed] });
      const host = allowed === "localhost" ? "localhost" : "127.0.0.1";
      const response = await outboundFetch(new URL(`http://${host}:${service.port}/token`));
      expect(response.status, allowed).toBe(200);
      await response.text();
    }
    expect(service.hits).toHaveLength(3);
  });

  it("in demo mode lets through only the simulators' own ports, not the rest of loopback (issue 36)", async () => {
    const other = await startInternalService();
    try {
      const demo = withDemoServices(loadConfig({}, projectRoot), {
        mapsUrl: `http://127.0.0.1:${service.port}`,
        rekorUrl: "http://127.0.0.1:4101",
        axonUrl: "http://localhost:4102",
      });
      setOutboundPolicy(demo.outbound);
      const simulator = await outboundFetch(new URL(`http://127.0.0.1:${service.port}/token`));
      expect(simulator.status).toBe(200);
      await simulator.text();
      for (const url of [
        `http://127.0.0.1:${other.port}/token`,
        `http://localhost:${other.port}/token`,
        `http://127.0.0.2:${other.port}/token`,
        `http://[::ffff:127.0.0.1]:${other.port}/token`,
      ]) {
        const error = await refusal(url);
        expect(wasRefused(error), url).toBe(true);
      }
      expect(other.hits).toEqual([]);
    } finally {
      setOutboundPolicy({ allowedPrivateHosts: [] });
      await other.close();
    }
  });

  it("refuses a URL scheme other than http(s)", async () => {
    await expect(outboundFetch(new URL("file:///etc/passwd"))).rejects.toThrow();
  });
});

describe("the Axon base URL an admin gives (POST /add-axon-integration)", () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startInternalService>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    service = await startInternalService();
    // No allowance at all: what a cloud deployment runs with.
    t = await buildTestApp({ ODIN_ALLOWED_PRIVATE_HOSTS: "" });
    call = caller(t, await seedPersonas(t));
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const add = (base_url: string) =>
    call("otherAgencyAdmin", "POST", "/add-axon-integration", {
      client_id: DEMO_AXON.clientId,
      secret_id: DEMO_AXON.clientSecret,
      partner_id: DEMO_AXON.partnerId,
      base_url,
    });

  it("refuses loopback and metadata addresses with one neutral answer; the credentials never leave", async () => {
    const open = await add(`http://127.0.0.1:${service.port}`);
    const byName = await add(`http://localhost:${service.port}`);
    const metadata = await add("http://169.254.169.254");
    const closed = await add("http://127.0.0.1:1");
    for (const res of [open, byName, metadata, closed]) {
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(
        "Axon could not confirm the credentials: Axon (New Haven Police Department) could not be reached. Nothing was saved.",
      );
    }
    expect(service.hits).toEqual([]);
    expect(
      await t.prisma.axonIntegration.count({ where: { agencyName: "New Haven Police Department" } }),
    ).toBe(0);
  });
});

describe("ODIN_ALLOWED_PRIVATE_HOSTS", () => {
  it("lists names, addresses and ranges; the hosts of the owner's service URLs are allowed too", () => {
    const config = loadConfig(
      {
        ODIN_ALLOWED_PRIVATE_HOSTS: "axon.pd.local, 10.20.0.0/16 fd00::1",
        REKOR_BASE_URL: "http://rekor.pd.local:8080",
      },
      projectRoot,
    );
    expect(config.outbound.allowedPrivateHosts).toEqual([
      "axon.pd.local",
      "10.20.0.0/16",
      "fd00::1",
      "rekor.pd.local",
    ]);
    expect(loadConfig({}, projectRoot).outbound.allowedPrivateHosts).toEqual([]);
  });

  it("refuses an entry that is no host, address or range", () => {
    expect(() => loadConfig({ ODIN_ALLOWED_PRIVATE_HOSTS: "http://x/y" }, projectRoot)).toThrow(
      /ODIN_ALLOWED_PRIVATE_HOSTS must list host names/,
    );
  });
});
