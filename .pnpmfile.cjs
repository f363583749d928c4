// Optional peers that only carry type declarations are not part of Odin at run time. pnpm links an
// optional peer whenever the workspace has it (TypeScript, @types/node are dev tools here), and
// `pnpm deploy --prod` then copied them into the deployable (issue 35 item 3: 23 MB of TypeScript
// through @prisma/client). Dropping these declarations keeps the deployable to what runs; type checking
// is unchanged (tsc finds the workspace's own TypeScript and @types/node).
const TYPE_ONLY_PEERS = {
  "@prisma/client": ["typescript"],
  sharp: ["@types/node"],
};

function readPackage(pkg) {
  for (const peer of TYPE_ONLY_PEERS[pkg.name] ?? []) {
    if (pkg.peerDependencies) delete pkg.peerDependencies[peer];
    if (pkg.peerDependenciesMeta) delete pkg.peerDependenciesMeta[peer];
  }
  return pkg;
}

module.exports = { hooks: { readPackage } };
