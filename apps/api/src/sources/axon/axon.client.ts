import type { AxonIntegration, SecretBox } from "@odin/db";
import type { PlatePattern } from "../plate-pattern";
import { fetchVendorImage, fetchVendorJson, VendorError, type VendorImage } from "../../lib/vendor-http";
import { trimTrailingSlash } from "./axon.mapper";
import { AXON_READS_PATH, AXON_TOKEN_PATH, ZAxonReadsPage, ZAxonToken, type TAxonRead } from "./axon.payload";

/** The columns of an integration the client needs; the secret stays sealed until a token is needed. */
export type AxonCredentials = Pick<
  AxonIntegration,
  "id" | "agencyName" | "baseUrl" | "clientId" | "partnerId" | "clientSecretCiphertext"
>;

export interface AxonReadsParams {
  start: Date;
  end: Date;
  plate: PlatePattern | undefined;
  state: string | undefined;
  /** Stop once this many reads were selected. */
  limit: number;
}

const PAGE_SIZE = 500;
/** A bound on one search's walk (100,000 reads), should a vendor keep answering with a cursor. */
const MAX_PAGES = 200;
/** Renew this long before the vendor's expiry, so a token never dies mid-search. */
const RENEW_BEFORE_SECONDS = 60;
const TOKEN_TIMEOUT_MS = 10_000;

interface CachedToken {
  value: string;
  renewAt: number;
}

export const axonLabel = (integration: Pick<AxonIntegration, "agencyName">) =>
  `Axon (${integration.agencyName})`;

/** The reads API's plate syntax: exact as is, "contains" as `*value*`, wildcards as typed. */
export function toAxonPlateParam(plate: PlatePattern): string {
  return plate.kind === "contains" ? `*${plate.value}*` : plate.value;
}

/**
 * Talks to the Axon API of any integration. Tokens are cached per integration, base URL and client
 * id, reused until shortly before they expire, and fetched once for all concurrent callers; a 401 on a
 * call means the token went stale (revoked, expired early), so it is renewed and the call retried
 * once. Neither the secret nor a token ever enters an error message.
 */
export class AxonClient {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<CachedToken>>();

  constructor(
    private readonly secrets: Pick<SecretBox, "decrypt">,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Walks the reads pages newest first, keeping what `select` turns into a result (null drops a read,
   * e.g. one the in-memory filters reject), until the last page or `params.limit` results.
   */
  async searchReads<T>(
    integration: AxonCredentials,
    params: AxonReadsParams,
    signal: AbortSignal,
    select: (read: TAxonRead) => T | null,
  ): Promise<T[]> {
    const query = new URLSearchParams({
      start: params.start.toISOString(),
      end: params.end.toISOString(),
      limit: String(PAGE_SIZE),
    });
    // Similar has no vendor syntax: the widest question (no plate) is asked and Odin filters the answer.
    if (params.plate && params.plate.kind !== "similar") query.set("plate", toAxonPlateParam(params.plate));
    if (params.state) query.set("state", params.state.toUpperCase());
    const label = axonLabel(integration);
    const selected: T[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL(`${trimTrailingSlash(integration.baseUrl)}${AXON_READS_PATH}?${query.toString()}`);
      const body = await this.withToken(integration, signal, (token) =>
        fetchVendorJson(url, ZAxonReadsPage, {
          label,
          headers: { authorization: `Bearer ${token}`, accept: "application/json" },
          signal,
        }),
      );
      for (const read of body.reads) {
        const result = select(read);
        if (result === null) continue;
        selected.push(result);
        if (selected.length >= params.limit) return selected;
      }
      if (!body.next_cursor) return selected;
      query.set("cursor", body.next_cursor);
    }
    return selected;
  }

  /** An image of a read; the caller has already checked that `url` lies under the integration. */
  fetchImage(integration: AxonCredentials, url: URL, signal?: AbortSignal): Promise<VendorImage> {
    return this.withToken(integration, signal, (token) =>
      fetchVendorImage(url, {
        label: axonLabel(integration),
        headers: { authorization: `Bearer ${token}`, accept: "image/*" },
        ...(signal ? { signal } : {}),
      }),
    );
  }

  async getToken(integration: AxonCredentials, signal?: AbortSignal): Promise<string> {
    const key = cacheKey(integration);
    const cached = this.tokens.get(key);
    if (cached && this.now() < cached.renewAt) return cached.value;
    let pending = this.pending.get(key);
    if (!pending) {
      // Not tied to one caller's signal: others may be waiting for the same token.
      pending = this.requestToken(integration);
      this.pending.set(key, pending);
      void pending.then(
        (token) => {
          this.tokens.set(key, token);
          this.pending.delete(key);
        },
        () => this.pending.delete(key),
      );
    }
    return (await untilAborted(pending, signal, axonLabel(integration))).value;
  }

  private async withToken<T>(
    integration: AxonCredentials,
    signal: AbortSignal | undefined,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    const token = await this.getToken(integration, signal);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof VendorError && error.status === 401)) throw error;
      this.forget(integration, token);
      return call(await this.getToken(integration, signal));
    }
  }

  /** Drops a stale token, unless another caller has already replaced it. */
  private forget(integration: AxonCredentials, token: string): void {
    const key = cacheKey(integration);
    if (this.tokens.get(key)?.value === token) this.tokens.delete(key);
  }

  private async requestToken(integration: AxonCredentials): Promise<CachedToken> {
    const label = axonLabel(integration);
    let secret: string;
    try {
      secret = this.secrets.decrypt(integration.clientSecretCiphertext);
    } catch {
      throw new VendorError("failed", `${label}: Odin cannot read the stored client secret; enter it again`);
    }
    const requested = this.now();
    const token = await fetchVendorJson(
      new URL(`${trimTrailingSlash(integration.baseUrl)}${AXON_TOKEN_PATH}`),
      ZAxonToken,
      {
        label,
        method: "POST",
        headers: { accept: "application/json" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          partner_id: integration.partnerId,
          client_id: integration.clientId,
          client_secret: secret,
        }),
        timeoutMs: TOKEN_TIMEOUT_MS,
      },
    );
    // Short-lived tokens (tests, a strict tenant) are still reused for half their life.
    const margin = Math.min(RENEW_BEFORE_SECONDS, token.expires_in / 2);
    return { value: token.access_token, renewAt: requested + (token.expires_in - margin) * 1000 };
  }
}

function cacheKey(integration: AxonCredentials): string {
  return JSON.stringify([integration.id, trimTrailingSlash(integration.baseUrl), integration.clientId]);
}

/** Waits for a shared promise, but lets this caller give up when its own signal fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, label: string): Promise<T> {
  if (!signal) return promise;
  const stopped = () => new VendorError("timeout", `${label}: the request was stopped`);
  if (signal.aborted) return Promise.reject(stopped());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stopped());
    signal.addEventListener("abort", onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
