import {
  ZAlertWebhookRequest,
  type TAlertWebhook,
  type TAlertWebhooksResponse,
  type TWebhookSignatureScheme,
} from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Field, Input, Select } from "@/components/forms";
import { Link } from "react-router-dom";
import { useCurrentUserState } from "@/lib/auth/current-user";
import {
  Button,
  Card,
  Checkbox,
  CopyableValue,
  DataTable,
  Notice,
  PageHeader,
  RowActions,
  Spinner,
} from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { maxLengthOf } from "@/lib/forms/limits";
import { useInvalidate } from "@/lib/query-client";
import { createWebhook, deleteWebhook, testWebhook, updateWebhook } from "../api/alert-delivery";
import { alertDeliveryKeys, alertDeliveryQueries } from "../api/queries";

const SCHEME_NAMES: Record<TWebhookSignatureScheme, string> = {
  standard_webhooks: "Standard Webhooks",
  odin_v1: "Odin-Signature (deprecated)",
};

/** Route /admin/webhooks (Odin's own, issue 24): the agency's alert webhooks for dispatch systems. */
export function WebhooksScreen() {
  const { user } = useCurrentUserState();
  if (user?.role !== "admin") {
    return (
      <>
        <PageHeader title="Alert Webhooks" eyebrow="Administration" />
        <Notice tone="danger">Access Denied: only your agency's admins manage webhooks.</Notice>
      </>
    );
  }
  return <WebhooksPanel />;
}

function WebhooksPanel() {
  const query = useQuery(alertDeliveryQueries.webhooks());
  const invalidate = useInvalidate();
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);

  const act = async (work: () => Promise<string>) => {
    setMessage(null);
    try {
      setMessage({ tone: "success", text: await work() });
    } catch (error) {
      setMessage({ tone: "danger", text: toError(error).message || "That did not work. Try again." });
    }
    invalidate(alertDeliveryKeys.webhooks);
  };

  return (
    <>
      <PageHeader
        title="Alert Webhooks"
        eyebrow="Administration"
        description="Send each hotlist alert to your dispatch or CAD system as signed JSON. New webhooks are signed per Standard Webhooks, which any Standard Webhooks library verifies (docs/integrations.md)."
      />
      <p className="alert-history__back">
        <Link to="/admin">← User Administration</Link>
      </p>
      {secret && (
        <Notice tone="success">
          <p>
            Webhook “{secret.name}” added. Its signing secret is shown this once; copy it into the receiving
            system now.
          </p>
          <CopyableValue label="Signing secret" value={secret.secret} />
        </Notice>
      )}
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {query.status === "success" && (
        <AddWebhookForm
          groups={query.data.groups}
          onAdded={(name, value) => {
            setSecret({ name, secret: value });
            invalidate(alertDeliveryKeys.webhooks);
          }}
        />
      )}
      <Card title="Webhooks">
        {query.isPending && <Spinner />}
        {query.status === "error" && <Notice tone="danger">The webhooks could not be loaded.</Notice>}
        {query.status === "success" && query.data.webhooks.length === 0 && (
          <p className="text-muted">No webhook yet.</p>
        )}
        {query.status === "success" && query.data.webhooks.length > 0 && (
          <WebhooksTable data={query.data} act={act} />
        )}
      </Card>
    </>
  );
}

function WebhooksTable({
  data,
  act,
}: {
  data: TAlertWebhooksResponse;
  act: (work: () => Promise<string>) => Promise<void>;
}) {
  const groupNames = (hook: TAlertWebhook) =>
    hook.group_ids.length === 0
      ? "All groups"
      : hook.group_ids.map((id) => data.groups.find((group) => group.id === id)?.name ?? `#${id}`).join(", ");
  const toggle = (hook: TAlertWebhook) =>
    act(async () => {
      const { name, url, group_ids } = hook;
      await updateWebhook(hook.id, { name, url, group_ids, enabled: !hook.enabled });
      return hook.enabled ? `“${hook.name}” turned off.` : `“${hook.name}” turned on.`;
    });
  const test = (hook: TAlertWebhook) =>
    act(async () => {
      const result = await testWebhook(hook.id);
      if (!result.ok) throw new Error(`Test event to “${hook.name}” failed: ${result.error ?? "no answer"}.`);
      return `Test event delivered to “${hook.name}” (HTTP ${result.status}).`;
    });
  const remove = (hook: TAlertWebhook) => act(async () => (await deleteWebhook(hook.id)).message);
  // Issue 38: a webhook made before Standard Webhooks keeps Odin-Signature until its receiver is ready.
  const switchScheme = (hook: TAlertWebhook) =>
    act(async () => {
      const { name, url, group_ids } = hook;
      const signature_scheme: TWebhookSignatureScheme =
        hook.signature_scheme === "odin_v1" ? "standard_webhooks" : "odin_v1";
      await updateWebhook(hook.id, { name, url, group_ids, signature_scheme });
      return `“${hook.name}” is now signed with ${SCHEME_NAMES[signature_scheme]}.`;
    });

  return (
    <DataTable
      columns={["Name", "URL", "Groups", "Signature", "Status", { hidden: "Actions" }]}
      caption="Alert webhooks"
      label="Webhooks list"
    >
      {data.webhooks.map((hook) => (
        <tr key={hook.id}>
          <td>{hook.name}</td>
          <td className="text-break">{hook.url}</td>
          <td>{groupNames(hook)}</td>
          <td>{SCHEME_NAMES[hook.signature_scheme]}</td>
          <td>
            {hook.enabled ? "On" : "Off"}
            {hook.consecutive_failures > 0 && ` · ${hook.consecutive_failures} failures in a row`}
            {hook.disabled_reason && <div className="text-muted">{hook.disabled_reason}</div>}
          </td>
          <td>
            <RowActions label={hook.name}>
              <Button size="sm" variant="secondary" onClick={() => void test(hook)}>
                Send test
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void toggle(hook)}>
                {hook.enabled ? "Turn off" : "Turn on"}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void switchScheme(hook)}>
                {hook.signature_scheme === "odin_v1"
                  ? "Use Standard Webhooks"
                  : "Use Odin-Signature (deprecated)"}
              </Button>
              <Button size="sm" variant="danger" onClick={() => void remove(hook)}>
                Remove
              </Button>
            </RowActions>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

const WEBHOOK_LIMITS = {
  name: maxLengthOf(ZAlertWebhookRequest.shape.name),
  url: maxLengthOf(ZAlertWebhookRequest.shape.url),
};

function AddWebhookForm({
  groups,
  onAdded,
}: {
  groups: TAlertWebhooksResponse["groups"];
  onAdded: (name: string, secret: string) => void;
}) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [chosen, setChosen] = useState<number[]>([]);
  const [scheme, setScheme] = useState<TWebhookSignatureScheme>("standard_webhooks");
  const signatureHintId = `${useId()}-signature-hint`;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createWebhook({ name, url, group_ids: chosen, signature_scheme: scheme });
      onAdded(created.name, created.secret);
      setName("");
      setUrl("");
      setChosen([]);
      setScheme("standard_webhooks");
    } catch (failure) {
      setError(toError(failure).message || "The webhook could not be added.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Add a webhook">
      <form onSubmit={(event) => void submit(event)}>
        <div className="form-row">
          <Field label="Name" name="name">
            <Input value={name} maxLength={WEBHOOK_LIMITS.name} onValue={setName} required />
          </Field>
          <Field label="Endpoint URL" name="url">
            <Input
              type="url"
              placeholder="https://cad.example.org/odin"
              value={url}
              maxLength={WEBHOOK_LIMITS.url}
              onValue={setUrl}
              required
            />
          </Field>
        </div>
        <div className="form-row">
          {/* The hint stands beside the select (the row's second column), so it is described by id. */}
          <Field label="Signature" name="signature_scheme" describedBy={signatureHintId}>
            <Select value={scheme} onValue={(value) => setScheme(value as TWebhookSignatureScheme)}>
              <option value="standard_webhooks">{SCHEME_NAMES.standard_webhooks} (recommended)</option>
              <option value="odin_v1">{SCHEME_NAMES.odin_v1}, for receivers built for it</option>
            </Select>
          </Field>
          <p id={signatureHintId} className="field__hint webhook-signature-hint">
            Standard Webhooks: the <code>webhook-id</code>, <code>webhook-timestamp</code> and{" "}
            <code>webhook-signature</code> headers, checked by any Standard Webhooks library. Odin-Signature:
            the older <code>Odin-Signature</code> header, only for a receiver already built on it.
          </p>
        </div>
        <fieldset className="field">
          <legend>Groups (none ticked: every group)</legend>
          {groups.map((group) => (
            <Checkbox
              key={group.id}
              label={group.name}
              checked={chosen.includes(group.id)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked ? [...current, group.id] : current.filter((id) => id !== group.id),
                )
              }
            />
          ))}
        </fieldset>
        {error && <Notice tone="danger">{error}</Notice>}
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            Add webhook
          </Button>
        </div>
      </form>
    </Card>
  );
}
