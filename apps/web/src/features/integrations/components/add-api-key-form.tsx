import { MESSAGES, ZAddApiKeyRequest } from "@odin/contract";
import { useState, type FormEvent } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Card, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { maxLengthOf } from "@/lib/forms/limits";

const KEY_LIMITS = {
  agency: maxLengthOf(ZAddApiKeyRequest.shape.agency),
  api_key: maxLengthOf(ZAddApiKeyRequest.shape.api_key),
};
import { addApiKey } from "../api/rekor-keys";

type SubmitState =
  | { status: "idle" }
  | { status: "saving" }
  | { status: "invalid"; message: string }
  | { status: "done"; message: string }
  | { status: "failed"; reason: string | undefined };

/** Add one Rekor key (001 §2, §5): agency and key both required; 'Error adding API key.' on failure. */
export function AddApiKeyForm({ onAdded }: { onAdded: () => void }) {
  const [agency, setAgency] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const saving = state.status === "saving";
  const invalid = state.status === "invalid";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZAddApiKeyRequest.safeParse({ agency, api_key: apiKey, source_program: "Rekor" });
    if (!parsed.success) {
      setState({
        status: "invalid",
        message: parsed.error.issues[0]?.message ?? MESSAGES.agencyAndApiKeyRequired,
      });
      return;
    }
    setState({ status: "saving" });
    try {
      const reply = await addApiKey(parsed.data);
      setAgency("");
      setApiKey("");
      setState({ status: "done", message: reply.message || MESSAGES.apiKeyAdded });
      onAdded();
    } catch (error) {
      setState({ status: "failed", reason: errorReason(error) });
    }
  };

  return (
    <Card title="Add API Key">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Agency" name="agency" required>
          <Input
            value={agency}
            maxLength={KEY_LIMITS.agency}
            onValue={setAgency}
            aria-invalid={(invalid && !agency.trim()) || undefined}
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
        >
          <Input
            type="password"
            value={apiKey}
            maxLength={KEY_LIMITS.api_key}
            onValue={setApiKey}
            aria-invalid={(invalid && !apiKey.trim()) || undefined}
            autoComplete="off"
            spellCheck={false}
            disabled={saving}
            required
          />
        </Field>
        {state.status === "invalid" && <Notice tone="danger">{state.message}</Notice>}
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
