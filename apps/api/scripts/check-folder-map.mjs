// Issue 39 item 1: the API's folders import one way (docs/architecture.md, "The folder map"). Run by
// `pnpm lint`: fails when two folders of src/ import each other, directly or round a longer circle, and
// names the imports that close each circle. A folder is a top-level folder of src/, or one module
// (src/modules/<name>). Imports by relative path only (workspace packages are not folders of src/).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src");
const IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/** The folder a file of src/ belongs to: "identity", "modules/search", "app.ts"… */
export function folderOf(relative) {
  const parts = relative.split(path.sep);
  if (parts[0] === "modules" && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0];
}

/** Every import between two folders: Map from folder to Map of folder to the imports (file → target). */
export function folderImports(root = src) {
  const edges = new Map();
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const target = path.relative(root, path.resolve(root, path.dirname(file), match[1]));
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to || target.startsWith("..")) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const byTarget = edges.get(from);
      if (!byTarget.has(to)) byTarget.set(to, []);
      byTarget.get(to).push(`${file} → ${match[1]}`);
    }
  }
  return edges;
}

/** The folders that import each other round a circle (Tarjan's strongly connected components). */
export function folderCircles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next++);
    stack.push(folder);
    onStack.add(folder);
    for (const to of edges.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder), index.get(to)));
    }
    if (low.get(folder) === index.get(folder)) {
      const circle = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        circle.push(member);
      } while (member !== folder);
      if (circle.length > 1) circles.push(circle.sort());
    }
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return circles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const edges = folderImports();
  const circles = folderCircles(edges);
  if (circles.length === 0) process.exit(0);
  for (const circle of circles) {
    console.error(`Folders that import each other: ${circle.join(", ")}`);
    for (const from of circle) {
      for (const [to, imports] of edges.get(from) ?? []) {
        if (circle.includes(to)) console.error(`  ${from} → ${to}: ${imports.slice(0, 3).join("; ")}`);
      }
    }
  }
  console.error(
    "The API's folders import one way (docs/architecture.md, the folder map): move what both need down.",
  );
  process.exit(1);
}
