import { SIGN_IN_LABELS, type TAdminUser } from "@odin/contract";

/** How an account signs in (issue 34): linked and rule-managed accounts stand out, the rest are muted. */
export function SignInBadge({ signIn }: { signIn: TAdminUser["sign_in"] }) {
  const kind = signIn ?? "password";
  return (
    <span className={kind === "linked" || kind === "managed" ? "badge" : "badge badge--muted"}>
      {SIGN_IN_LABELS[kind]}
    </span>
  );
}
