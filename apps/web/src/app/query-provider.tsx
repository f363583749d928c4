import { QueryClientProvider } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createQueryClient } from "@/lib/query-client";
import { useCurrentUser } from "../lib/auth/current-user";

/**
 * The app's one QueryClient (lib/query-client.ts). When the signed-in user changes (sign-out, or another
 * person signing in on the same tab) every cached answer is reset, so nobody sees the last person's
 * data, and the screens still open ask again. Must sit inside the current user's provider.
 */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const user = useCurrentUser();
  const owner = user ? `${user.agency_id ?? ""}:${user.username}` : null;
  const lastOwner = useRef(owner);
  useLayoutEffect(() => {
    if (lastOwner.current === owner) return;
    lastOwner.current = owner;
    void client.resetQueries();
  }, [client, owner]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
