import { addUserRequestFor, type TAddUserRequestInput } from "@odin/contract";
import { AddUserCard, SignInByProviderHint, useAddUserForm } from "@/components/forms";
import { getIdentitySettings } from "@/lib/config";
import { addUser } from "../api/admin-users";

type AddUserValues = Required<
  Pick<TAddUserRequestInput, "username" | "name" | "email" | "password" | "role" | "idp_subject">
>;

const EMPTY_USER: AddUserValues = {
  username: "",
  name: "",
  email: "",
  password: "",
  role: "user",
  idp_subject: "",
};

/**
 * The admin's add-user form (001 §2, §5, §8): username, full name, email and password required; the
 * values are trimmed and the email and role lower-cased by ZAddUserRequest before sending, exactly as
 * the server does; role defaults to user.
 */
export function AddUserForm({ onAdded }: { onAdded: () => void }) {
  // Issue 34: with the agency's identity provider, no password; the subject may be given at once.
  const { passwords, external } = getIdentitySettings();
  const schema = addUserRequestFor(passwords);
  const form = useAddUserForm({
    empty: EMPTY_USER,
    parse: (values) => schema.safeParse(external ? values : { ...values, idp_subject: undefined }),
    send: addUser,
    onAdded,
  });
  const { control, label, error } = form;

  return (
    <AddUserCard form={form}>
      {!passwords && <SignInByProviderHint />}
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
        {passwords ? (
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
        ) : (
          <div className="field">
            {label("idp_subject", "Identity provider subject", false)}
            <input {...control("idp_subject")} className="input" autoComplete="off" spellCheck={false} />
            <span className="field__hint">
              Optional: the person&apos;s <code>sub</code> at your provider, to link the account now.
            </span>
            {error("idp_subject")}
          </div>
        )}
        {form.roleField}
      </div>
    </AddUserCard>
  );
}
