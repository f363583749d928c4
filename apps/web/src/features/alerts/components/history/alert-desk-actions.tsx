import {
  ALERT_DISPOSITION_LABELS,
  ALERT_DISPOSITIONS,
  ZAlertDispositionRequest,
  type TAlert,
  type TAlertDisposition,
} from "@odin/contract";
import { useId, useState, type FormEvent } from "react";
import { Field, Options } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { formatTimestamp } from "@/lib/format";
import { maxLengthOf } from "@/lib/forms/limits";
import { acknowledgeAlert, setAlertDisposition } from "../../api/alerts";
import { announceAlertsAcknowledged } from "../../hooks/use-unread-alerts";

const NOTE_MAX = maxLengthOf(ZAlertDispositionRequest.shape.note);

/** What the disposition shows, e.g. "Incorrect read (misread) by Pat Lee at 11/25/2026 08:30:00 EST". */
export function dispositionText(alert: TAlert): string {
  if (!alert.disposition) return "Not yet judged";
  const by = alert.disposition_by ? ` by ${alert.disposition_by}` : "";
  return `${ALERT_DISPOSITION_LABELS[alert.disposition]}${by} at ${formatTimestamp(alert.disposition_at)}`;
}

/**
 * Odin's own alert desk on the alert (modal and page): acknowledge it (once per alert: who and when
 * are shown after) and judge the read (Correct read, Wrong state, Incorrect read, Dismissed) with an
 * optional note. `onChange` receives the alert as the server saved it.
 */
export function AlertDeskActions({ alert, onChange }: { alert: TAlert; onChange: (alert: TAlert) => void }) {
  const id = useId();
  const [disposition, setDisposition] = useState<TAlertDisposition | "">(alert.disposition ?? "");
  const [note, setNote] = useState(alert.disposition_note ?? "");
  const [busy, setBusy] = useState<"ack" | "save" | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);

  const run = async (kind: "ack" | "save", action: () => Promise<TAlert>, done: string) => {
    setBusy(kind);
    setMessage(null);
    try {
      const saved = await action();
      onChange(saved);
      setMessage({ tone: "success", text: done });
      if (kind === "ack") announceAlertsAcknowledged();
    } catch (error) {
      setMessage({ tone: "danger", text: `Could not save: ${errorReason(error) ?? "please try again."}` });
    } finally {
      setBusy(null);
    }
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(
      "save",
      () => setAlertDisposition(alert.id, disposition || null, note),
      disposition ? "Disposition saved." : "Disposition cleared.",
    );
  };

  return (
    <section className="alert-desk" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="alert-desk__title">
        Alert desk
      </h2>
      <div className="alert-desk__ack">
        {alert.acknowledged_at ? (
          <p>
            Acknowledged by {alert.acknowledged_by ?? "a user"} at {formatTimestamp(alert.acknowledged_at)}
          </p>
        ) : (
          <>
            <p>Not acknowledged yet</p>
            <Button
              size="sm"
              busy={busy === "ack"}
              onClick={() => void run("ack", () => acknowledgeAlert(alert.id), "Alert acknowledged.")}
            >
              Acknowledge
            </Button>
          </>
        )}
      </div>
      <p className="alert-desk__disposition">
        <span className="alert-desk__label">Disposition:</span> {dispositionText(alert)}
        {alert.disposition && alert.disposition_note ? ` (${alert.disposition_note})` : ""}
      </p>
      <form className="alert-desk__form" onSubmit={save} aria-label="Alert disposition">
        <Field label="Disposition" name="disposition">
          <select
            className="input"
            value={disposition}
            onChange={(event) => setDisposition(event.target.value as TAlertDisposition | "")}
          >
            <option value="">Not judged</option>
            <Options
              options={ALERT_DISPOSITIONS.map((value) => ({ value, label: ALERT_DISPOSITION_LABELS[value] }))}
            />
          </select>
        </Field>
        <Field label="Disposition note" name="note">
          <textarea
            className="input"
            rows={2}
            maxLength={NOTE_MAX}
            value={note}
            disabled={!disposition}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
        <Button type="submit" size="sm" variant="secondary" busy={busy === "save"}>
          Save disposition
        </Button>
      </form>
      <div aria-live="polite">{message && <Notice tone={message.tone}>{message.text}</Notice>}</div>
    </section>
  );
}
