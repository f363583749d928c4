/**
 * Issue 39 item 2: the data layer enforced by types, not by variable names. Outside the data layer
 * (API_DATA_LAYER in eslint.config.js), no code may reach through a value whose type is Prisma's client
 * or a transaction of it: `database.user.findMany()`, a destructured `const { $queryRaw } = client`,
 * `const store = app.prisma; store.alert…` are all refused, whatever the variable is called. Handing the
 * handle on (to a repository, to inTransaction) stays allowed: only reaching into it is a query.
 */
/** Prisma's client and transaction types, as the checker prints them (the generated client's names). */
const HANDLE_TYPE =
  /^(PrismaClient|TransactionClient|Omit<PrismaClient\b|DefaultPrismaClient|DynamicClientExtensionThis)\b/;

function isDatabaseHandle(checker, type) {
  if (type.isUnion()) return type.types.some((part) => isDatabaseHandle(checker, part));
  // An alias (`Database`) names itself; the type behind it names the client.
  for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
    if (
      /^(PrismaClient|DefaultPrismaClient|TransactionClient|DynamicClientExtensionThis)$/.test(
        symbol?.getName() ?? "",
      )
    )
      return true;
  }
  // A transaction client is `Omit<PrismaClient, …>`: its printed type names it.
  return HANDLE_TYPE.test(checker.typeToString(type));
}

export const databaseHandleRule = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      query:
        "Only repositories (*.repository.ts) query the database: this reaches into a database handle ({{ type }}). Move the call into the domain's repository (docs/architecture.md, the data layer).",
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program)
      throw new Error("odin/database-handle needs type information (parserOptions.projectService)");
    const checker = services.program.getTypeChecker();
    const report = (node, objectNode) => {
      const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(objectNode));
      if (isDatabaseHandle(checker, type))
        context.report({ node, messageId: "query", data: { type: checker.typeToString(type).slice(0, 60) } });
    };
    return {
      MemberExpression(node) {
        report(node, node.object);
      },
      // const { user, $queryRaw } = prisma
      VariableDeclarator(node) {
        if (node.id.type === "ObjectPattern" && node.init) report(node.id, node.init);
      },
    };
  },
};

export default { rules: { "database-handle": databaseHandleRule } };
