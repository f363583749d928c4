import { ZGroupAlertSettings, type TGroupAlertSettings } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Card, Checkbox, Notice, Spinner } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { boundsOf } from "@/lib/forms/limits";

const COOLDOWN_BOUNDS = boundsOf(ZGroupAlertSettings.shape.cooldown_minutes);
import { setGroupAlertSettings } from "../api/alert-delivery";
import { alertDeliveryQueries } from "../api/queries";

/**
 * A group's alerting (issue 24), on the Edit Group screen: the cooldown (a plate read again by the
 * same camera within it counts on the alert instead of raising a new one) and whether the group is
 * urgent (its e-mail and push are not held by anyone's quiet hours).
 */
export function GroupAlertSettingsCard({ groupId }: { groupId: number }) {
  const query = useQuery(alertDeliveryQueries.groupSettings(groupId));
  return (
    <Card title="Alerting" className="group-alerting">
      {query.isPending && <Spinner />}
      {query.status === "error" && (
        <Notice tone="danger">The group's alert settings could not be loaded.</Notice>
      )}
      {query.status === "success" && <SettingsForm groupId={groupId} initial={query.data} />}
    </Card>
  );
}

function SettingsForm({ groupId, initial }: { groupId: number; initial: TGroupAlertSettings }) {
  const [cooldown, setCooldown] = useState(String(initial.cooldown_minutes));
  const [urgent, setUrgent] = useState(initial.urgent);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<TGroupAlertSettings | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      setSaved(await setGroupAlertSettings(groupId, { cooldown_minutes: Number(cooldown), urgent }));
    } catch (failure) {
      setError(toError(failure).message || "The alert settings could not be saved. Try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Field
        label="Cooldown (minutes)"
        name="cooldown_minutes"
        hint="The same plate read again by the same camera within this time updates the alert (a count and the last time seen) instead of raising a new one. 0 raises an alert for every read."
      >
        <Input
          type="number"
          inputMode="numeric"
          {...COOLDOWN_BOUNDS}
          step={1}
          required
          value={cooldown}
          disabled={busy}
          onValue={setCooldown}
        />
      </Field>
      <Checkbox
        label="Urgent: send e-mail and push alerts even during members' quiet hours"
        checked={urgent}
        disabled={busy}
        onChange={(event) => setUrgent(event.target.checked)}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          Save alert settings
        </Button>
        {saved && (
          <span role="status" className="text-muted">
            Saved: {saved.cooldown_minutes} minutes{saved.urgent ? ", urgent" : ""}.
          </span>
        )}
      </div>
      {error && <Notice tone="danger">{error}</Notice>}
    </form>
  );
}
