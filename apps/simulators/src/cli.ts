/**
 * Runs the Rekor and Axon simulators standalone on the ports Odin's demo seed points at, and the maps
 * simulator (`pnpm --filter @odin/simulators start`). Options: --rekor-port, --axon-port, --maps-port,
 * --host, --seed.
 */
import { parseArgs } from "node:util";
import { DEFAULT_SEED } from "./data/dataset";
import { DEMO_AXON_CLIENT, DEMO_REKOR_AGENTS, DEMO_SIMULATOR_URLS } from "./demo-credentials";
import { DEFAULT_MAPS_PORT, mapsTileUrls } from "./maps/maps.app";
import { startSimulators } from "./simulators";

const { values } = parseArgs({
  options: {
    "rekor-port": { type: "string", default: new URL(DEMO_SIMULATOR_URLS.rekor).port },
    "axon-port": { type: "string", default: new URL(DEMO_SIMULATOR_URLS.axon).port },
    "maps-port": { type: "string", default: String(DEFAULT_MAPS_PORT) },
    host: { type: "string", default: "127.0.0.1" },
    seed: { type: "string", default: String(DEFAULT_SEED) },
  },
});

async function main(): Promise<void> {
  const simulators = await startSimulators({
    rekorPort: Number(values["rekor-port"]),
    axonPort: Number(values["axon-port"]),
    mapsPort: Number(values["maps-port"]),
    host: values.host,
    seed: Number(values.seed),
  });
  const { dataset } = simulators;
  console.log(`Rekor Scout simulator  ${simulators.rekorUrl}  (${dataset.rekor().length} reads)`);
  console.log(`  api keys: ${DEMO_REKOR_AGENTS.map((agent) => agent.apiKey).join(", ")}`);
  console.log(`Axon simulator         ${simulators.axonUrl}  (${dataset.axon().length} reads)`);
  console.log(`  client: ${DEMO_AXON_CLIENT.clientId} / partner ${DEMO_AXON_CLIENT.partnerId}`);
  const tiles = mapsTileUrls(simulators.mapsUrl);
  console.log(`Maps simulator         ${simulators.mapsUrl}  (map tiles, Nominatim-style /reverse)`);
  console.log(`  for Odin: MAP_TILE_URL_DARK=${tiles.dark}`);
  console.log(`            MAP_TILE_URL_LIGHT=${tiles.light}`);
  console.log(`            REVERSE_GEOCODE_URL=${simulators.mapsUrl}`);
  console.log(`Faults: POST {"latency_ms","fail_rate","hang"} to <url>/__sim/faults, DELETE to reset.`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the simulators`);
    simulators.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Simulators failed to start: ${error.message}` : error);
  process.exit(1);
});
