import { addUserRequestFor, type TAddUserRequestInput } from "@odin/contract";
import { AddUserCard, Field, SignInByProviderHint, useAddUserForm, Input } from "@/components/forms";
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
    schema,
    toInput: (values) => (external ? values : { ...values, idp_subject: undefined }),
    send: addUser,
    onAdded,
  });
  const { control, field } = form;

  return (
    <AddUserCard form={form}>
      {!passwords && <SignInByProviderHint />}
      <div className="form-row">
        <Field {...field("username", "Username")}>
          <Input {...control("username")} autoComplete="off" required />
        </Field>
        <Field {...field("name", "Full name")}>
          <Input {...control("name")} autoComplete="off" required />
        </Field>
      </div>
      <Field {...field("email", "Email")}>
        <Input {...control("email")} type="email" autoComplete="off" required />
      </Field>
      <div className="form-row">
        {passwords ? (
          <Field {...field("password", "Password")}>
            <Input {...control("password")} type="password" autoComplete="new-password" required />
          </Field>
        ) : (
          <Field
            {...field("idp_subject", "Identity provider subject", {
              required: false,
              hint: (
                <>
                  Optional: the person&apos;s <code>sub</code> at your provider, to link the account now.
                </>
              ),
            })}
          >
            <Input {...control("idp_subject")} autoComplete="off" spellCheck={false} />
          </Field>
        )}
        {form.roleField}
      </div>
    </AddUserCard>
  );
}
