import type { ReactNode } from "react";
import { OdinAuthProvider } from "@/features/auth/auth-provider";
import { forgetSearches } from "@/features/search/search-memory";
import { loadAppConfig } from "@/lib/config";
import { onSignOut } from "@/lib/sign-out";
import { CurrentUserLoader, CurrentUserProvider } from "../lib/auth/current-user";
import { AppQueryProvider } from "./query-provider";

// The tab's last results and recent searches go with the session (issue 20; features/auth signs out).
onSignOut(forgetSearches);

export interface AppProviderProps {
  /** Moves the app to a path, replacing the history entry (after the sign-in callback). */
  onNavigate: (to: string) => void;
  children: ReactNode;
}

/**
 * App-wide providers, outermost first: the identity provider (from the runtime configuration), then the
 * current user loaded from GET /get-current-user after sign-in, then the data layer's QueryClient (one per
 * signed-in user, app/query-provider.tsx). Without usable identity settings no
 * provider is mounted: nobody is signed in and the sign-in routes show the misconfiguration page.
 */
export function AppProvider({ onNavigate, children }: AppProviderProps) {
  const loaded = loadAppConfig();
  if (!loaded.ok)
    return (
      <CurrentUserProvider user={null}>
        <AppQueryProvider>{children}</AppQueryProvider>
      </CurrentUserProvider>
    );
  return (
    <OdinAuthProvider oidc={loaded.config.oidc} onNavigate={onNavigate}>
      <CurrentUserLoader>
        <AppQueryProvider>{children}</AppQueryProvider>
      </CurrentUserLoader>
    </OdinAuthProvider>
  );
}
