import { MESSAGES, ZAddAxonIntegrationRequest, type TAddAxonIntegrationRequest } from "@odin/contract";
import { useState } from "react";
import { Field, Input, RefusalNotice, useRefusal } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useCheckedForm } from "@/lib/forms/checked-form";
import { maxLengthOf } from "@/lib/forms/limits";
import { addAxonIntegration } from "../api/axon";

type Field = keyof TAddAxonIntegrationRequest;
const FIELDS: { field: Field; label: string; type: "text" | "password" | "url"; hint?: string }[] = [
  { field: "client_id", label: "Client ID", type: "text" },
  {
    field: "secret_id",
    label: "Client Secret",
    type: "password",
    hint: "Stored encrypted; never shown again.",
  },
  { field: "partner_id", label: "Partner ID", type: "text" },
  { field: "base_url", label: "Base URL", type: "url", hint: "The https address of your agency's Axon API." },
];
const EMPTY: Record<Field, string> = { client_id: "", secret_id: "", partner_id: "", base_url: "" };
/** Each field's length as the contract limits it. */
const maxLength = (field: Field) => maxLengthOf(ZAddAxonIntegrationRequest.shape[field]);

type SubmitState = { status: "idle" } | { status: "saving" } | { status: "failed"; message: string };

/**
 * The Axon form shown while no integration exists (001 §2, §5): all four fields required. The server
 * checks the credentials against Axon's token endpoint before it saves them.
 */
export function AxonIntegrationForm({ onAdded }: { onAdded: (message: string) => void }) {
  const form = useCheckedForm(ZAddAxonIntegrationRequest, EMPTY);
  const refusal = useRefusal(form.formState.errors);
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const saving = state.status === "saving";

  const submit = form.submit(async (body) => {
    setState({ status: "saving" });
    try {
      const reply = await addAxonIntegration(body);
      onAdded(reply.message || MESSAGES.axonIntegrationAdded);
    } catch (error) {
      const message = errorReason(error) ?? MESSAGES.unknownError;
      setState({ status: "failed", message });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <p className="text-muted">
        No Axon integration yet. Enter the credentials Axon issued to your agency; Odin checks them with Axon
        before saving.
      </p>
      <div className="form-row">
        {FIELDS.map(({ field, label, type, hint }) => (
          <Field key={field} label={label} name={field} required hint={hint} {...refusal.field(field)}>
            <Input
              {...form.register(field)}
              type={type}
              maxLength={maxLength(field)}
              autoComplete={type === "password" ? "new-password" : "off"}
              spellCheck={false}
              placeholder={type === "url" ? "https://" : undefined}
              disabled={saving}
              required
            />
          </Field>
        ))}
      </div>
      <RefusalNotice {...refusal.notice} />
      {state.status === "failed" && <Notice tone="danger">{state.message}</Notice>}
      <div className="form-actions">
        <Button type="submit" busy={saving}>
          {saving ? "Checking with Axon..." : "Save Integration"}
        </Button>
      </div>
    </form>
  );
}
