import type { TAlertChannels } from "@odin/contract";
import { useState } from "react";
import { Card, Checkbox, Notice, Spinner } from "@/components/ui";
import { toError, useQuery } from "@/lib/use-query";
import { getAlertChannels, setAlertChannels } from "../api/alert-delivery";

/** The profile's alert channels (issue 24): alerts of the user's groups by e-mail. */
export function AlertChannelsCard() {
  const query = useQuery(getAlertChannels);
  const [saved, setSaved] = useState<TAlertChannels | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const channels = saved ?? (query.status === "success" ? query.data : null);

  const change = async (email: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setSaved(await setAlertChannels({ email }));
    } catch (failure) {
      setError(toError(failure).message || "Your alert channels could not be saved. Try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Alert channels">
      <p className="text-muted">
        Alerts of your hotlist groups always appear live in Odin. Choose where else they reach you.
      </p>
      {query.status === "loading" && <Spinner />}
      {query.status === "error" && <Notice tone="danger">Your alert channels could not be loaded.</Notice>}
      {channels && (
        <Checkbox
          label="E-mail me each alert of my groups"
          checked={channels.email}
          disabled={busy}
          onChange={(event) => void change(event.target.checked)}
        />
      )}
      {error && <Notice tone="danger">{error}</Notice>}
    </Card>
  );
}
