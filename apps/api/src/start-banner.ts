export interface BannerInfo {
  url: string;
  database: string;
  seconds: number;
  simulators?: { rekorUrl: string; axonUrl: string; mapsUrl: string } | undefined;
  demo?:
    { password: string; signIns: { persona: string; username: string; agency: string | null }[] } | undefined;
  /** While Odin has no owner: the one-time "Create the owner account" link, and until when it works. */
  setupLink?: { url: string; expiresAt: Date } | undefined;
}

/** What a newcomer needs after `pnpm start`: where Odin is, and who to sign in as. */
export function printBanner({ url, database, seconds, demo, simulators, setupLink }: BannerInfo): void {
  const lines = [``, `  Odin is running at ${url}  (started in ${seconds.toFixed(1)} s, ${database})`, ``];
  if (setupLink) {
    lines.push(
      `  Odin has no owner account yet. Create it on this one-time page (valid until ${setupLink.expiresAt.toISOString()}):`,
      `    ${setupLink.url}`,
      `  or on the server: pnpm odin setup   (in the container: node apps/api/dist/cli.js setup)`,
      ``,
    );
  }
  if (demo) {
    const width = Math.max(...demo.signIns.map((signIn) => signIn.username.length));
    lines.push(`  Demo sign-ins (password for all: ${demo.password})`);
    for (const { persona, username, agency } of demo.signIns) {
      lines.push(`    ${username.padEnd(width)}  ${persona}${agency ? `, ${agency}` : ""}`);
    }
    lines.push(``);
  }
  if (simulators) {
    lines.push(
      `  Demo simulators: Rekor ${simulators.rekorUrl}, Axon ${simulators.axonUrl}, maps ${simulators.mapsUrl};`,
      `  the RAVEN (Axis) demo cameras are pushing their recent reads in the background.`,
      ``,
    );
  }
  lines.push(`  Health: ${url}/healthz    Stop: Ctrl-C`, ``);
  console.log(lines.join("\n"));
}
