import type { TAlertChannels, TAlertChannelsUpdate } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Card, Checkbox, Notice, Spinner } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { setAlertChannels } from "../api/alert-delivery";
import { alertDeliveryQueries } from "../api/queries";
import { BrowserNotificationsControl } from "./browser-notifications";

/**
 * The profile's alert channels (issue 24): alerts of the user's groups by e-mail, as notifications of
 * this browser (Web Push), and quiet hours
 * during which e-mail and push of groups not marked urgent wait (the live screen is never held).
 */
export function AlertChannelsCard() {
  const query = useQuery(alertDeliveryQueries.channels());
  const [saved, setSaved] = useState<TAlertChannels | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [quietSaved, setQuietSaved] = useState(false);
  const channels = saved ?? (query.status === "success" ? query.data : null);

  const change = async (update: TAlertChannelsUpdate) => {
    setBusy(true);
    setError(null);
    setQuietSaved(false);
    try {
      setSaved(await setAlertChannels(update));
      return true;
    } catch (failure) {
      setError(toError(failure).message || "Your alert channels could not be saved. Try again.");
      return false;
    } finally {
      setBusy(false);
    }
  };

  const saveQuiet = async (quiet_hours: TAlertChannels["quiet_hours"]) => {
    setQuietSaved(await change({ quiet_hours }));
  };

  return (
    <Card title="Alert channels">
      <p className="text-muted">
        Alerts of your hotlist groups always appear live in Odin. Choose where else they reach you.
      </p>
      {query.isPending && <Spinner />}
      {query.status === "error" && <Notice tone="danger">Your alert channels could not be loaded.</Notice>}
      {channels && (
        <>
          <Checkbox
            label="E-mail me each alert of my groups"
            checked={channels.email}
            disabled={busy}
            onChange={(event) => void change({ email: event.target.checked })}
          />
          <BrowserNotificationsControl
            channelOn={channels.web_push}
            onChannelChange={(on) => setSaved({ ...channels, web_push: on })}
          />
          <QuietHoursForm
            initial={channels.quiet_hours}
            timeZone={channels.time_zone}
            busy={busy}
            onSave={(hours) => void saveQuiet(hours)}
          />
          {quietSaved && (
            <p role="status" className="text-muted">
              {channels.quiet_hours
                ? `Quiet hours saved: ${channels.quiet_hours.start} to ${channels.quiet_hours.end}.`
                : "Quiet hours are off."}
            </p>
          )}
        </>
      )}
      {error && <Notice tone="danger">{error}</Notice>}
    </Card>
  );
}

/** Quiet hours: on or off, from and until (the agency's time zone); saved with one button. */
function QuietHoursForm({
  initial,
  timeZone,
  busy,
  onSave,
}: {
  initial: TAlertChannels["quiet_hours"];
  timeZone: string;
  busy: boolean;
  onSave: (hours: TAlertChannels["quiet_hours"]) => void;
}) {
  const [on, setOn] = useState(initial !== null);
  const [start, setStart] = useState(initial?.start ?? "22:00");
  const [end, setEnd] = useState(initial?.end ?? "06:00");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(on ? { start, end } : null);
  };
  return (
    <form className="quiet-hours" onSubmit={submit}>
      <fieldset className="field">
        <legend>Quiet hours</legend>
        <p className="text-muted">
          During quiet hours, e-mail and push alerts wait until the quiet hours end, except for urgent groups.
          The live screen always shows alerts. Times are in {timeZone}.
        </p>
        <Checkbox
          label="Hold alerts during quiet hours"
          checked={on}
          disabled={busy}
          onChange={(event) => setOn(event.target.checked)}
        />
        <div className="form-row">
          <Field label="From" name="start">
            <Input type="time" required value={start} disabled={!on || busy} onValue={setStart} />
          </Field>
          <Field label="Until" name="end">
            <Input type="time" required value={end} disabled={!on || busy} onValue={setEnd} />
          </Field>
        </div>
      </fieldset>
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          Save quiet hours
        </Button>
      </div>
    </form>
  );
}
