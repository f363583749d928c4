import type { TAlertEmailSettings } from "@odin/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { QueryView } from "@/components/layouts/query-view";
import { Card, Checkbox, Notice, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { setAlertEmailSettings } from "../api/alert-email-settings";
import { adminKeys, adminQueries } from "../api/queries";

export const ALERT_EMAIL_PICTURES_LABEL = "Attach the read's picture to alert e-mails";
export const ALERT_EMAIL_SAVE_FAILED = "The setting could not be saved.";

/**
 * Odin's own (issue 38 item 5): the agency's alert e-mail picture switch (agencies.alert_email_pictures),
 * off by default because mail leaves the agency's systems. Saved when it is ticked, like the two-step
 * sign-in rule beside it: the box shows the new value while the change is on its way (further clicks wait
 * for it) and goes back, with the reason, when it is refused.
 */
export function AlertEmailCard() {
  const query = useQuery(adminQueries.alertEmailSettings());
  return (
    <Card title="Alert e-mails">
      <QueryView
        query={query}
        loading={<Spinner label="Loading the alert e-mail settings…" />}
        failed={(error) => errorReason(error) ?? "The alert e-mail settings could not be loaded."}
      >
        {(data) => <AlertEmailSwitch settings={data} />}
      </QueryView>
    </Card>
  );
}

type SaveState =
  | { status: "idle" }
  | { status: "saving"; value: boolean }
  | { status: "saved" }
  | { status: "failed"; reason: string };

function AlertEmailSwitch({ settings }: { settings: TAlertEmailSettings }) {
  const hintId = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ status: "idle" });
  const saving = state.status === "saving";

  const change = async (pictures: boolean) => {
    // One change at a time; the box is not disabled meanwhile, so keyboard focus stays on it.
    if (saving) return;
    setState({ status: "saving", value: pictures });
    try {
      const saved = await setAlertEmailSettings({ alert_email_pictures: pictures });
      queryClient.setQueryData<TAlertEmailSettings>(adminKeys.alertEmailSettings, saved);
      setState({ status: "saved" });
    } catch (failure) {
      setState({ status: "failed", reason: errorReason(failure) ?? ALERT_EMAIL_SAVE_FAILED });
    }
  };

  return (
    <>
      <Checkbox
        label={ALERT_EMAIL_PICTURES_LABEL}
        checked={state.status === "saving" ? state.value : settings.alert_email_pictures}
        aria-busy={saving}
        aria-describedby={hintId}
        onChange={(event) => void change(event.target.checked)}
      />
      <p id={hintId} className="text-muted">
        Users who get hotlist alerts by e-mail then receive the camera&apos;s picture of the vehicle as an
        attachment, when Odin stores it. Off by default: e-mail leaves your agency&apos;s systems.
      </p>
      {saving && <Spinner size="sm" label="Saving…" />}
      {state.status === "saved" && (
        <Notice tone="success">
          {settings.alert_email_pictures
            ? "Saved. Alert e-mails now carry the read's picture."
            : "Saved. Alert e-mails go without pictures."}
        </Notice>
      )}
      {state.status === "failed" && (
        <Notice tone="danger">
          {state.reason} The setting is unchanged: alert e-mails{" "}
          {settings.alert_email_pictures ? "carry" : "go without"} pictures.
        </Notice>
      )}
    </>
  );
}
