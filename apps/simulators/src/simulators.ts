import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { buildAxonApp } from "./axon/axon.app";
import { createDataset, type Dataset, type DatasetOptions } from "./data/dataset";
import type { FaultSettings } from "./faults";
import { ImageRenderer } from "./images";
import { buildMapsApp } from "./maps/maps.app";
import { buildRekorApp } from "./rekor/rekor.app";

export interface StartSimulatorsOptions extends DatasetOptions {
  /** 0 (the default) picks a free port; the standalone CLI uses 4101, 4102 and 4103. */
  rekorPort?: number;
  axonPort?: number;
  /** The maps simulator: map tiles and Nominatim-style reverse geocoding. */
  mapsPort?: number;
  host?: string;
  faults?: {
    rekor?: Partial<FaultSettings>;
    axon?: Partial<FaultSettings>;
    maps?: Partial<FaultSettings>;
  };
  axonTokenTtlSeconds?: number;
  logger?: FastifyServerOptions["logger"];
}

export interface RunningSimulators {
  rekorUrl: string;
  axonUrl: string;
  /** Tiles at {mapsUrl}/tiles/{dark|light}/{z}/{x}/{y}.png, reverse geocoding at {mapsUrl}/reverse. */
  mapsUrl: string;
  dataset: Dataset;
  images: ImageRenderer;
  rekor: FastifyInstance;
  axon: FastifyInstance;
  maps: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Builds the Rekor and Axon servers over one dataset, and the maps server, and listens. Axis has no
 * server: cameras push.
 */
export async function startSimulators(options: StartSimulatorsOptions = {}): Promise<RunningSimulators> {
  const dataset = createDataset(options);
  const images = new ImageRenderer();
  const host = options.host ?? "127.0.0.1";
  const rekor = buildRekorApp({ dataset, images, faults: options.faults?.rekor, logger: options.logger });
  const axon = buildAxonApp({
    dataset,
    images,
    faults: options.faults?.axon,
    logger: options.logger,
    tokenTtlSeconds: options.axonTokenTtlSeconds,
  });
  const maps = buildMapsApp({ faults: options.faults?.maps, logger: options.logger });
  const close = async () => {
    await Promise.all([rekor.close(), axon.close(), maps.close()]);
  };
  try {
    const rekorUrl = await rekor.listen({ host, port: options.rekorPort ?? 0 });
    const axonUrl = await axon.listen({ host, port: options.axonPort ?? 0 });
    const mapsUrl = await maps.listen({ host, port: options.mapsPort ?? 0 });
    return {
      rekorUrl: urlOf(rekor, rekorUrl),
      axonUrl: urlOf(axon, axonUrl),
      mapsUrl: urlOf(maps, mapsUrl),
      dataset,
      images,
      rekor,
      axon,
      maps,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The address as http://host:port, preferring the IPv4 literal Odin's seed stores. */
function urlOf(app: FastifyInstance, fallback: string): string {
  const address = app.server.address();
  if (!address || typeof address === "string") return fallback;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
