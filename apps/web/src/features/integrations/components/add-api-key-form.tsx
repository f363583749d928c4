import { MESSAGES, ZAddApiKeyRequest } from "@odin/contract";
import { useState } from "react";
import { Field, Input, RefusalNotice, useRefusal } from "@/components/forms";
import { Button, Card, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useCheckedForm } from "@/lib/forms/checked-form";
import { maxLengthOf } from "@/lib/forms/limits";
import { addApiKey } from "../api/rekor-keys";

const KEY_LIMITS = {
  agency: maxLengthOf(ZAddApiKeyRequest.shape.agency),
  api_key: maxLengthOf(ZAddApiKeyRequest.shape.api_key),
};

type SubmitState =
  | { status: "idle" }
  | { status: "saving" }
  | { status: "done"; message: string }
  | { status: "failed"; reason: string | undefined };

/** Add one Rekor key (001 §2, §5): agency and key both required; 'Error adding API key.' on failure. */
export function AddApiKeyForm({ onAdded }: { onAdded: () => void }) {
  const form = useCheckedForm(
    ZAddApiKeyRequest,
    { agency: "", api_key: "" },
    { toInput: (values) => ({ ...values, source_program: "Rekor" }) },
  );
  const refusal = useRefusal(form.formState.errors);
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const saving = state.status === "saving";

  const submit = form.submit(async (body) => {
    setState({ status: "saving" });
    try {
      const reply = await addApiKey(body);
      form.reset();
      setState({ status: "done", message: reply.message || MESSAGES.apiKeyAdded });
      onAdded();
    } catch (error) {
      setState({ status: "failed", reason: errorReason(error) });
    }
  });

  return (
    <Card title="Add API Key">
      <form onSubmit={submit} noValidate>
        <Field label="Agency" name="agency" required {...refusal.field("agency")}>
          <Input
            {...form.register("agency")}
            maxLength={KEY_LIMITS.agency}
            autoComplete="off"
            disabled={saving}
            required
          />
        </Field>
        <Field
          label="API key"
          name="api_key"
          required
          hint="Stored encrypted; only its last characters are ever shown again."
          {...refusal.field("api_key")}
        >
          <Input
            {...form.register("api_key")}
            type="password"
            maxLength={KEY_LIMITS.api_key}
            autoComplete="off"
            spellCheck={false}
            disabled={saving}
            required
          />
        </Field>
        <RefusalNotice {...refusal.notice} />
        {state.status === "done" && <Notice tone="success">{state.message}</Notice>}
        {state.status === "failed" && (
          <Notice tone="danger" title={MESSAGES.errorAddingApiKey}>
            {state.reason && <p>{state.reason}</p>}
          </Notice>
        )}
        <div className="form-actions">
          <Button type="submit" busy={saving}>
            {saving ? MESSAGES.saving : "Add API Key"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
