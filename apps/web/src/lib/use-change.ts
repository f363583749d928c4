import type { QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { errorReason } from "./error-reason";
import { useInvalidate } from "./query-client";

/**
 * A change a card makes with one button (make, replace, revoke…): busy while it runs, the server's
 * reason (or `failed`) when it fails, the query `after` reloaded when it succeeds. `message` is a
 * success line the work may set; a new change clears the last one's message and error.
 */
export function useChange(after: QueryKey) {
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const run = async (work: () => Promise<void>, failed: string) => {
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      await work();
      invalidate(after);
    } catch (failure) {
      setError(errorReason(failure) ?? failed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, message, setMessage, run };
}
