import type { Access } from "./access-policy";
import type { Actor } from "./actor";

/** Whether a caller's role and flags meet a route's access level (access/access-policy.ts). */
export function permits(access: Access, { user, isOwner }: Pick<Actor, "user" | "isOwner">): boolean {
  switch (access) {
    case "public":
    case "signed_in":
    case "user":
      return true;
    case "hotlist_viewer":
      return user.role === "admin" || user.hotlistAdmin || user.hotlistViewer;
    case "hotlist_admin":
      return user.role === "admin" || user.hotlistAdmin;
    case "auditor":
      return user.role === "admin" || user.auditor;
    case "admin":
      return user.role === "admin";
    case "owner":
      return isOwner;
  }
}
