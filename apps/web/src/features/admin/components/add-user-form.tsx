import { ZAddUserRequest, type TAddUserRequestInput } from "@odin/contract";
import { AddUserCard, useAddUserForm } from "@/components/forms";
import { addUser } from "../api/admin-users";

type AddUserValues = Required<
  Pick<TAddUserRequestInput, "username" | "name" | "email" | "password" | "role">
>;

const EMPTY_USER: AddUserValues = { username: "", name: "", email: "", password: "", role: "user" };

/**
 * The admin's add-user form (001 §2, §5, §8): username, full name, email and password required; the
 * values are trimmed and the email and role lower-cased by ZAddUserRequest before sending, exactly as
 * the server does; role defaults to user.
 */
export function AddUserForm({ onAdded }: { onAdded: () => void }) {
  const form = useAddUserForm({
    empty: EMPTY_USER,
    parse: (values) => ZAddUserRequest.safeParse(values),
    send: addUser,
    onAdded,
  });
  const { control, label, error } = form;

  return (
    <AddUserCard form={form}>
      <div className="form-row">
        <div className="field">
          {label("username", "Username")}
          <input {...control("username")} className="input" autoComplete="off" required />
          {error("username")}
        </div>
        <div className="field">
          {label("name", "Full name")}
          <input {...control("name")} className="input" autoComplete="off" required />
          {error("name")}
        </div>
      </div>
      <div className="field">
        {label("email", "Email")}
        <input {...control("email")} className="input" type="email" autoComplete="off" required />
        {error("email")}
      </div>
      <div className="form-row">
        <div className="field">
          {label("password", "Password")}
          <input
            {...control("password")}
            className="input"
            type="password"
            autoComplete="new-password"
            required
          />
          {form.passwordHint}
          {error("password")}
        </div>
        {form.roleField}
      </div>
    </AddUserCard>
  );
}
