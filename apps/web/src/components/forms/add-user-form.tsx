import { MESSAGES } from "@odin/contract";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { DefaultValues, FieldPath } from "react-hook-form";
import type { z } from "zod";
import { Button, Card, Notice } from "@/components/ui";
import { addUserFailure } from "@/lib/add-user-outcome";
import { useCheckedForm } from "@/lib/forms/checked-form";
import { missingPasswordRules, passwordHint as passwordHintText } from "@/lib/password-text";
import { Select } from "./controls";
import { FailureNotice } from "./failure-notice";
import { Field, type FieldProps } from "./field";

export type AddUserState =
  | { status: "idle" }
  | { status: "saving" }
  | { status: "done" }
  | { status: "failed"; message: string; details: string[] };

/** Every add-user form has at least a password and a role; the rest are its own text fields. */
type UserValues = Record<string, string> & { password: string; role: string };

/** What the card needs of the hook. */
type AddUserForm = Pick<ReturnType<typeof useAddUserForm>, "state" | "onSubmit">;

export interface AddUserFormOptions<V extends UserValues, T> {
  empty: V;
  /** The first values, when the form opens with some chosen (e.g. an agency and role admin); `empty` otherwise. */
  initial?: V;
  /** The contract's request schema: it trims and lower-cases exactly as the server does. */
  schema: z.ZodType<T>;
  /** The schema's input from the values, when the form leaves some out; the values otherwise. */
  toInput?: (values: V) => unknown;
  send: (user: T) => Promise<unknown>;
  onAdded: () => void;
}

/**
 * The state and parts of an add-user form (001 §2, §5, §8), the admin's and the owner's alike: checked
 * with the request schema before sending, emptied once added, the failure in 001 §8's words. Each
 * screen lays out its own fields: `<Field {...field(name, label)}>` with `control(name)` on the input
 * (the error is the one the schema gave that name); the password hint and the role select (user by
 * default, or admin) are the same everywhere.
 */
export function useAddUserForm<V extends UserValues, T>({
  empty,
  initial,
  schema,
  toInput,
  send,
  onAdded,
}: AddUserFormOptions<V, T>) {
  type Name = FieldPath<V>;
  const id = useId();
  const form = useCheckedForm<V, T>(schema, (initial ?? empty) as DefaultValues<V>, { toInput });
  const { errors } = form.formState;
  const [state, setState] = useState<AddUserState>({ status: "idle" });
  const saving = state.status === "saving";
  const fieldId = (name: Name) => `${id}-${name}`;

  const submit = form.submit(async (user) => {
    setState({ status: "saving" });
    try {
      await send(user);
      form.reset(empty);
      setState({ status: "done" });
      onAdded();
    } catch (error) {
      setState({ status: "failed", ...addUserFailure(error) });
    }
  });

  /** A field's error: the schema's first for its name; the password's strength rules as one sentence. */
  const errorOf = (name: Name): string | undefined => {
    const message = errors[name]?.message;
    if (name !== "password" || !message) return message as string | undefined;
    const password = form.getValues("password" as Name) as string;
    return (password !== "" && missingPasswordRules(password)) || (message as string);
  };

  /** The registration and state of one input or select (its label, id and error: `field`). */
  const control = (name: Name) => ({ ...form.register(name), disabled: saving });
  /** A field's label, id and error (the schema's for this name), and the password's hint. */
  const field = (
    name: Name,
    label: string,
    { required = true, hint }: { required?: boolean; hint?: ReactNode } = {},
  ): Omit<FieldProps, "children"> => ({
    id: fieldId(name),
    name,
    label,
    required,
    hint: hint ?? (name === "password" ? passwordHintText() : undefined),
    error: errorOf(name),
  });
  const roleField = (
    <Field {...field("role" as Name, "Role", { required: false })}>
      <Select {...control("role" as Name)}>
        <option value="user">User</option>
        <option value="admin">Admin</option>
      </Select>
    </Field>
  );

  return {
    state,
    fieldId,
    onSubmit: (event: FormEvent<HTMLFormElement>) => submit(event),
    control,
    field,
    roleField,
  };
}

/** The 'Add User' card around a form's own fields, ending in 'User added successfully.' or the failure. */
export function AddUserCard({ form, children }: { form: AddUserForm; children: ReactNode }) {
  const { state, onSubmit } = form;
  const saving = state.status === "saving";
  return (
    <Card title="Add User">
      <form onSubmit={onSubmit} noValidate>
        {children}
        {state.status === "done" && <Notice tone="success">{MESSAGES.userAdded}</Notice>}
        {state.status === "failed" && <FailureNotice message={state.message} details={state.details} />}
        <div className="form-actions">
          <Button type="submit" busy={saving}>
            {saving ? MESSAGES.saving : "Add User"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * Issue 34: the add-user forms with the agency's identity provider, which keeps passwords. The account
 * waits for the person's first sign-in and is linked when the provider vouches for the same e-mail.
 */
export function SignInByProviderHint() {
  return (
    <p className="field__hint">
      People sign in with your agency&apos;s identity provider: no password is set here. The account is linked
      at the person&apos;s first sign-in, when the provider confirms the same e-mail address.
    </p>
  );
}
