import type { TMfaEnrolment } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Card, Notice } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { useInvalidate } from "@/lib/query-client";
import { confirmMfaEnrolment, disableMfa, startMfaEnrolment } from "../api/mfa";
import { accountKeys, accountQueries } from "../api/queries";

type Step =
  | { name: "idle" }
  | { name: "enrolling"; enrolment: TMfaEnrolment }
  | { name: "codes"; codes: string[] }
  | { name: "disabling" };

/**
 * The profile's two-step sign-in (issue 18 item 5, Odin's own): set up an authenticator app from a QR
 * code or its key, confirmed by a first code; the recovery codes shown once; turned off with a code.
 */
export function MfaCard() {
  const status = useQuery(accountQueries.mfaStatus());
  const invalidate = useInvalidate();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(toError(failure).message);
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(async () => setStep({ name: "enrolling", enrolment: await startMfaEnrolment() }));

  // Shown once its state is known: the account details above have their own loading line.
  if (status.status !== "success" || !status.data.available) return null;
  const { enabled, required, recovery_codes_left: left } = status.data;

  return (
    <Card title="Two-step sign-in">
      {step.name === "codes" ? (
        <RecoveryCodes
          codes={step.codes}
          onDone={() => {
            setStep({ name: "idle" });
            invalidate(accountKeys.mfaStatus);
          }}
        />
      ) : step.name === "enrolling" ? (
        <CodeForm
          intro={<Enrolment enrolment={step.enrolment} />}
          label="Code from the app"
          submitLabel="Turn on two-step sign-in"
          busy={busy}
          error={error}
          onCancel={() => setStep({ name: "idle" })}
          onSubmit={(code) =>
            run(async () =>
              setStep({ name: "codes", codes: (await confirmMfaEnrolment(code)).recovery_codes }),
            )
          }
        />
      ) : step.name === "disabling" ? (
        <CodeForm
          intro={
            <p className="text-muted">
              Enter a current code from your app (or a recovery code) to turn it off.
            </p>
          }
          label="Authentication code"
          submitLabel="Turn off"
          busy={busy}
          error={error}
          onCancel={() => setStep({ name: "idle" })}
          onSubmit={(code) =>
            run(async () => {
              await disableMfa(code);
              setStep({ name: "idle" });
              invalidate(accountKeys.mfaStatus);
            })
          }
        />
      ) : enabled ? (
        <>
          <Notice tone="success">Two-step sign-in is on. {left} of 10 recovery codes left.</Notice>
          {required ? (
            <p className="text-muted">Your agency requires it: it cannot be turned off here.</p>
          ) : (
            <div className="form-actions">
              <Button variant="secondary" onClick={() => setStep({ name: "disabling" })}>
                Turn off two-step sign-in
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="text-muted">
            After your password, Odin will also ask for a code from an authenticator app on your phone (Google
            Authenticator, Microsoft Authenticator, FreeOTP…).
          </p>
          {error && <Notice tone="danger">{error}</Notice>}
          <div className="form-actions">
            <Button busy={busy} onClick={() => void start()}>
              Set up two-step sign-in
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

function Enrolment({ enrolment }: { enrolment: TMfaEnrolment }) {
  return (
    <>
      <p className="text-muted">
        Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit
        code the app shows.
      </p>
      <img
        className="mfa-qr"
        src={enrolment.qr_code}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
      />
      <Field label="Key" name="secret">
        <Input
          className="mfa-key"
          type="text"
          readOnly
          value={enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
          data-secret={enrolment.secret}
        />
      </Field>
    </>
  );
}

interface CodeFormProps {
  intro: React.ReactNode;
  label: string;
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}

function CodeForm({ intro, label, submitLabel, busy, error, onSubmit, onCancel }: CodeFormProps) {
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      {intro}
      <Field label={label} name="code">
        <Input
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onValue={setCode}
          disabled={busy}
        />
      </Field>
      {error && <Notice tone="danger">{error}</Notice>}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <Notice tone="success">Two-step sign-in is on.</Notice>
      <p className="text-muted">
        Save these recovery codes: if you lose your phone, each one signs you in once. They are shown only
        now.
      </p>
      <ul className="mfa-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button onClick={onDone}>I saved my recovery codes</Button>
      </div>
    </>
  );
}
