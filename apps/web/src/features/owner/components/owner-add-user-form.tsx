import { ownerAddUserRequestFor, type TAgency } from "@odin/contract";
import { getIdentitySettings } from "@/lib/config";
import { useEffect } from "react";
import {
  AddUserCard,
  Field,
  SignInByProviderHint,
  useAddUserForm,
  Input,
  Select,
  Options,
} from "@/components/forms";
import { Notice } from "@/components/ui";
import { ownerAddUser } from "../api/owner";

type OwnerUserField = "username" | "name" | "email" | "password" | "role" | "agency_id";

const EMPTY_OWNER_USER: Record<OwnerUserField, string> = {
  username: "",
  name: "",
  email: "",
  password: "",
  role: "user",
  agency_id: "",
};

/** The select's placeholder, in the words of the contract's message for a missing agency. */
const SELECT_AGENCY = "Select an agency";

const TEXT_FIELDS: { field: Exclude<OwnerUserField, "role" | "agency_id">; label: string; type: string }[] = [
  { field: "username", label: "Username", type: "text" },
  { field: "name", label: "Full name", type: "text" },
  { field: "email", label: "Email", type: "email" },
  { field: "password", label: "Password", type: "password" },
];

/** "Add first admin" on the Agencies card: the form opens with this agency and role admin chosen. */
export interface FirstAdminPreset {
  agencyId: number;
  agencyName: string;
}

export interface OwnerAddUserFormProps {
  agencies: TAgency[];
  onAdded: () => void;
  preset?: FirstAdminPreset | null;
}

/** The owner's add-user form (001 §2): the admin's fields plus the agency, which is required here. */
export function OwnerAddUserForm({ agencies, onAdded, preset }: OwnerAddUserFormProps) {
  // Issue 34: with the agency's identity provider there is no password to give.
  const { passwords } = getIdentitySettings();
  const schema = ownerAddUserRequestFor(passwords);
  const fields = passwords ? TEXT_FIELDS : TEXT_FIELDS.filter(({ field }) => field !== "password");
  const form = useAddUserForm({
    empty: EMPTY_OWNER_USER,
    initial: preset ? { ...EMPTY_OWNER_USER, agency_id: String(preset.agencyId), role: "admin" } : undefined,
    schema,
    send: ownerAddUser,
    onAdded,
  });
  const { control, field } = form;
  const usernameId = form.fieldId("username");
  // Opened by "Add first admin": take the owner straight to the first field.
  useEffect(() => {
    if (preset) document.getElementById(usernameId)?.focus();
  }, [preset, usernameId]);

  return (
    <AddUserCard form={form}>
      {preset && form.state.status !== "done" && (
        <Notice tone="info">
          Adding the first admin of {preset.agencyName}: they add the agency&apos;s other users.
        </Notice>
      )}
      {!passwords && <SignInByProviderHint />}
      <div className="form-row">
        {fields.map(({ field: name, label: text, type }) => (
          <Field key={name} {...field(name, text)}>
            <Input
              {...control(name)}
              type={type}
              autoComplete={type === "password" ? "new-password" : "off"}
              required
            />
          </Field>
        ))}
        <Field {...field("agency_id", "Agency")}>
          <Select {...control("agency_id")} required>
            <option value="">{SELECT_AGENCY}</option>
            <Options options={agencies.map((agency) => ({ value: agency.id, label: agency.name }))} />
          </Select>
        </Field>
        {form.roleField}
      </div>
    </AddUserCard>
  );
}
