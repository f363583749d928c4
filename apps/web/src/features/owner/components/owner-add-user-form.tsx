import { ZOwnerAddUserRequest, type TAgency } from "@odin/contract";
import { AddUserCard, useAddUserForm } from "@/components/forms";
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

/** The owner's add-user form (001 §2): the admin's fields plus the agency, which is required here. */
export function OwnerAddUserForm({ agencies, onAdded }: { agencies: TAgency[]; onAdded: () => void }) {
  const form = useAddUserForm({
    empty: EMPTY_OWNER_USER,
    parse: (values) => ZOwnerAddUserRequest.safeParse(values),
    send: ownerAddUser,
    onAdded,
  });
  const { control, label, error } = form;

  return (
    <AddUserCard form={form}>
      <div className="form-row">
        {TEXT_FIELDS.map(({ field, label: text, type }) => (
          <div className="field" key={field}>
            {label(field, text)}
            <input
              {...control(field)}
              className="input"
              type={type}
              autoComplete={type === "password" ? "new-password" : "off"}
              required
            />
            {field === "password" && form.passwordHint}
            {error(field)}
          </div>
        ))}
        <div className="field">
          {label("agency_id", "Agency")}
          <select {...control("agency_id")} className="select" required>
            <option value="">{SELECT_AGENCY}</option>
            {agencies.map((agency) => (
              <option key={agency.id} value={agency.id}>
                {agency.name}
              </option>
            ))}
          </select>
          {error("agency_id")}
        </div>
        {form.roleField}
      </div>
    </AddUserCard>
  );
}
