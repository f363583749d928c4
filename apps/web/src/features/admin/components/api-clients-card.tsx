import {
  API_CLIENT_LIMITS,
  API_CLIENT_SCOPE_LABELS,
  API_CLIENT_SCOPES,
  MESSAGES,
  type TApiClient,
  type TApiClientCreated,
  type TApiClientList,
  type TApiClientScope,
} from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Field, FieldError, Input, Select, Options } from "@/components/forms";
import { QueryView } from "@/components/layouts/query-view";
import {
  Button,
  Card,
  Checkbox,
  CopyableValue,
  DataTable,
  EmptyState,
  Modal,
  Notice,
  RowActions,
  Spinner,
} from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { formatTimestamp } from "@/lib/format";
import { useInvalidate } from "@/lib/query-client";
import { useChange } from "@/lib/use-change";
import {
  apiClientsKey,
  apiClientsQuery,
  createApiClient,
  deactivateApiClient,
  rotateApiClientSecret,
} from "../api/api-clients";

const EXPIRY_CHOICES = [
  { value: "", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
] as const;

const STATUS_LABEL: Record<TApiClient["status"], string> = {
  active: "Active",
  expired: "Expired",
  deactivated: "Switched off",
};

/**
 * Odin's own (issue 38 item 2): the agency's API clients, the service accounts its CAD, RMS or
 * real-time crime centre call Odin with. Made here with their scopes, their secret shown once; a new
 * secret or switching one off takes effect at the client's next call.
 */
export function ApiClientsCard() {
  const query = useQuery(apiClientsQuery());
  return (
    <Card title="API clients for your agency's systems">
      <p>
        A CAD, records system or real-time crime centre calls Odin with an API client of its own. It sees only
        your agency&apos;s data, may call only what its scopes allow, and every call is in the audit log under
        its name. A search still needs a justification and your case fields.
      </p>
      <QueryView
        query={query}
        loading={<Spinner label="Loading the API clients…" />}
        failed={(failure) => errorReason(failure) ?? "The API clients could not be loaded."}
      >
        {(list) => <ApiClients list={list} />}
      </QueryView>
    </Card>
  );
}

function ApiClients({ list }: { list: TApiClientList }) {
  const invalidate = useInvalidate();
  const [shown, setShown] = useState<TApiClientCreated>();
  const [confirming, setConfirming] = useState<TApiClient>();
  const { busy, error, message, setMessage, run } = useChange(apiClientsKey);
  const rotate = (client: TApiClient) =>
    run(async () => setShown(await rotateApiClientSecret(client.id)), "The secret could not be replaced.");
  const deactivate = (client: TApiClient) =>
    run(async () => {
      setMessage((await deactivateApiClient(client.id)).message);
      setConfirming(undefined);
    }, "The client could not be switched off.");

  return (
    <>
      {list.issuer === "built_in" && list.token_endpoint ? (
        <>
          <p className="text-muted">
            A client takes a token with OAuth 2.0 client credentials (HTTP Basic with its id and secret), for
            the audience below, and sends it as a bearer token. Tokens last 10 minutes.
          </p>
          <CopyableValue label="Token endpoint" value={list.token_endpoint} />
          <CopyableValue label="Audience (resource)" value={list.audience} />
        </>
      ) : (
        <p className="text-muted">
          Your agency signs in through its own identity provider: create the client there (client credentials,
          audience <code>{list.audience}</code>) and enter here the subject (sub) of the tokens it issues to
          it.
        </p>
      )}
      {shown && (
        <Notice tone="success" title={shown.message}>
          <CopyableValue label="Client id" value={shown.client.client_id} />
          {shown.client_secret && <CopyableValue label="Client secret" value={shown.client_secret} />}
          {shown.client_secret && (
            <p>
              <strong>{MESSAGES.copyTokenNow}</strong> If it is lost, make a new secret here and give it to
              the system.
            </p>
          )}
          <Button size="sm" variant="secondary" onClick={() => setShown(undefined)}>
            I have copied it
          </Button>
        </Notice>
      )}
      {message && <Notice tone="success">{message}</Notice>}
      {error && <Notice tone="danger">{error}</Notice>}
      {list.clients.length === 0 ? (
        <EmptyState
          title="No API clients yet"
          description="Make one below for each system that should call Odin, with only the scopes it needs."
        />
      ) : (
        <DataTable
          caption="Your agency's API clients"
          columns={["Name", "Scopes", "Limit", "Expires", "Last used", "Status", { hidden: "Actions" }]}
          busy={busy}
        >
          {list.clients.map((client) => (
            <tr key={client.id}>
              <td>
                <strong>{client.name}</strong>
                <br />
                <code className="text-muted">{client.client_id}</code>
              </td>
              <td>{client.scopes.join(", ")}</td>
              <td>{client.rate_limit_per_minute.toLocaleString()}/min</td>
              <td>{client.expires_at ? formatTimestamp(client.expires_at) : "Never"}</td>
              <td>{client.last_used_at ? formatTimestamp(client.last_used_at) : "Not yet"}</td>
              <td>{STATUS_LABEL[client.status]}</td>
              <td>
                {client.status !== "deactivated" && (
                  <RowActions label={client.name}>
                    {client.issuer === "built_in" && (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        onClick={() => void rotate(client)}
                      >
                        New secret
                      </Button>
                    )}
                    <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(client)}>
                      Switch off
                    </Button>
                  </RowActions>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <NewApiClientForm
        external={list.issuer === "external"}
        onCreated={(created) => {
          setMessage(undefined);
          setShown(created);
          invalidate(apiClientsKey);
        }}
      />
      <Modal
        open={confirming !== undefined}
        size="sm"
        title="Switch off this API client"
        onClose={() => setConfirming(undefined)}
        dismissible={!busy}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(undefined)} disabled={busy}>
              {MESSAGES.cancel}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => confirming && void deactivate(confirming)}>
              Switch off
            </Button>
          </>
        }
      >
        <p>
          {confirming?.name} can no longer call Odin: its tokens are refused at their next call. This cannot
          be undone; make a new client to start again.
        </p>
      </Modal>
    </>
  );
}

interface FormErrors {
  name?: string;
  scopes?: string;
  rate?: string;
  subject?: string;
}

function NewApiClientForm({
  external,
  onCreated,
}: {
  external: boolean;
  onCreated: (created: TApiClientCreated) => void;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TApiClientScope[]>([]);
  const [rate, setRate] = useState(String(API_CLIENT_LIMITS.rateLimitDefault));
  const [expiry, setExpiry] = useState("");
  const [subject, setSubject] = useState("");
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rateValue = Number(rate);
    const found: FormErrors = {
      name: name.trim() ? undefined : "Name the client (e.g. the system that will use it).",
      scopes: scopes.length ? undefined : "Choose at least one scope.",
      rate:
        Number.isInteger(rateValue) &&
        rateValue >= API_CLIENT_LIMITS.rateLimitMin &&
        rateValue <= API_CLIENT_LIMITS.rateLimitMax
          ? undefined
          : `Between ${API_CLIENT_LIMITS.rateLimitMin} and ${API_CLIENT_LIMITS.rateLimitMax.toLocaleString()} calls a minute.`,
      subject: external && !subject.trim() ? "Enter the subject (sub) of the client's tokens." : undefined,
    };
    setErrors(found);
    setFailure(undefined);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const created = await createApiClient({
        name: name.trim(),
        scopes,
        rate_limit_per_minute: rateValue,
        expires_in_days: expiry ? Number(expiry) : null,
        ...(external ? { external_subject: subject.trim() } : {}),
      });
      setName("");
      setScopes([]);
      setSubject("");
      setExpiry("");
      setRate(String(API_CLIENT_LIMITS.rateLimitDefault));
      onCreated(created);
    } catch (error) {
      setFailure(errorReason(error) ?? "The API client could not be made.");
    } finally {
      setBusy(false);
    }
  };

  const scopesErrorId = `${id}-scopes-error`;
  /** What the name and the subject share: required, off while saving, not filled in by the browser. */
  const requiredText = { "aria-required": true, disabled: busy, autoComplete: "off" } as const;

  return (
    <form
      className="api-clients__form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="api-clients__subtitle">
        New API client
      </h3>
      <Field label="Name" name="name" required error={errors.name}>
        <Input value={name} onValue={setName} maxLength={API_CLIENT_LIMITS.nameMax} {...requiredText} />
      </Field>
      <fieldset
        className="field api-clients__scopes"
        disabled={busy}
        aria-describedby={errors.scopes ? scopesErrorId : undefined}
      >
        <legend>Scopes (what it may call)</legend>
        {API_CLIENT_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            label={
              <>
                <code>{scope}</code>: {API_CLIENT_SCOPE_LABELS[scope]}
              </>
            }
            checked={scopes.includes(scope)}
            onChange={(event) =>
              setScopes((current) =>
                event.target.checked ? [...current, scope] : current.filter((value) => value !== scope),
              )
            }
          />
        ))}
        <FieldError id={scopesErrorId} message={errors.scopes} />
      </fieldset>
      <div className="form-row">
        <Field label="Rate limit (calls a minute)" name="rate" error={errors.rate}>
          <Input
            type="number"
            inputMode="numeric"
            min={API_CLIENT_LIMITS.rateLimitMin}
            max={API_CLIENT_LIMITS.rateLimitMax}
            value={rate}
            onValue={setRate}
            disabled={busy}
          />
        </Field>
        <Field label="Expires" name="expiry">
          <Select value={expiry} onValue={setExpiry} disabled={busy}>
            <Options options={EXPIRY_CHOICES} />
          </Select>
        </Field>
      </div>
      {external && (
        <Field label="Subject (sub) of its tokens" name="subject" required error={errors.subject}>
          <Input
            value={subject}
            onValue={setSubject}
            maxLength={API_CLIENT_LIMITS.externalSubjectMax}
            {...requiredText}
          />
        </Field>
      )}
      {failure && <Notice tone="danger">{failure}</Notice>}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          Create API client
        </Button>
      </div>
    </form>
  );
}
