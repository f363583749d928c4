import { ZIdpRoleRuleInput, type TAgency } from "@odin/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Field, Input, Select, Options } from "@/components/forms";
import { Button, Card, Checkbox, DataTable, EmptyState, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { useCheckedForm } from "@/lib/forms/checked-form";
import { maxLengthOf } from "@/lib/forms/limits";
import { addSignInRule, removeSignInRule } from "../api/sign-in-rules";
import { ownerKeys, ownerQueries } from "../api/queries";

/** The rule's two text fields, their limits the contract's. */
const TEXT_FIELDS = [
  { name: "claim", label: "Claim", maxLength: maxLengthOf(ZIdpRoleRuleInput.shape.claim) },
  {
    name: "value",
    label: "Value (group name or id)",
    maxLength: maxLengthOf(ZIdpRoleRuleInput.shape.value),
  },
] as const;

const EMPTY = {
  agency_id: "",
  claim: "groups",
  value: "",
  role: "user",
  hotlist_admin: false,
  hotlist_viewer: false,
  auditor: false,
};

/**
 * Issue 34 item 2: the owner's mapping rules. A sign-in through the agency's identity provider whose
 * claim (`groups`, `roles`, `realm_access.roles`) holds the value gets the agency, role and flags: the
 * account is made at the first sign-in and checked again at every new token.
 */
export function SignInRulesCard({ agencies }: { agencies: TAgency[] }) {
  const client = useQueryClient();
  const query = useQuery(ownerQueries.signInRules());
  const form = useCheckedForm(ZIdpRoleRuleInput, EMPTY, {
    toInput: (values: typeof EMPTY) => ({ ...values, agency_id: Number(values.agency_id) || undefined }),
  });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ownerKeys.signInRules });

  // Only where sign-in is the agencies' own (or rules are left from when it was).
  if (!query.data || (!query.data.external_issuer && query.data.rules.length === 0)) return null;

  const submit = form.submit(async (body) => {
    setBusy(true);
    try {
      const rule = await addSignInRule(body);
      setFlash({
        tone: "success",
        text: `Rule added: ${rule.claim} holding "${rule.value}" gives ${rule.agency_name}.`,
      });
      form.reset();
      refresh();
    } catch (error) {
      setFlash({ tone: "danger", text: errorReason(error) ?? "The rule was not added." });
    } finally {
      setBusy(false);
    }
  });
  const remove = async (ruleId: number) => {
    try {
      setFlash({ tone: "success", text: (await removeSignInRule(ruleId)).message });
      refresh();
    } catch (error) {
      setFlash({ tone: "danger", text: errorReason(error) ?? "The rule was not removed." });
    }
  };
  const flag = (name: "hotlist_admin" | "hotlist_viewer" | "auditor", label: string) => (
    <Checkbox
      label={label}
      checked={form.watch(name)}
      onChange={(event) => form.setValue(name, event.target.checked)}
      disabled={busy}
    />
  );

  return (
    <Card title="Sign-in rules">
      <p className="text-muted">
        People who sign in with an agency&apos;s identity provider get their agency and role from these rules:
        a claim of their token (such as <code>groups</code> from Entra ID or Okta, or{" "}
        <code>realm_access.roles</code> from Keycloak) that holds the value. Accounts are made at the first
        sign-in; someone who leaves the group loses access at their next token.
      </p>
      {flash && <Notice tone={flash.tone}>{flash.text}</Notice>}
      {query.data.rules.length === 0 ? (
        <EmptyState title="No rules yet" description="Without rules, an admin adds each person by e-mail." />
      ) : (
        <DataTable
          columns={["Agency", "Claim", "Value", "Gives", { hidden: "Actions" }]}
          label="Rules of every agency"
        >
          {query.data.rules.map((rule) => (
            <tr key={rule.id}>
              <td>{rule.agency_name}</td>
              <td>
                <code>{rule.claim}</code>
              </td>
              <td>
                <code>{rule.value}</code>
              </td>
              <td>
                {[
                  rule.role === "admin" ? "Admin" : "User",
                  rule.hotlist_admin && "hotlist admin",
                  rule.hotlist_viewer && "hotlist viewer",
                  rule.auditor && "auditor",
                ]
                  .filter(Boolean)
                  .join(", ")}
              </td>
              <td>
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => void remove(rule.id)}
                  aria-label={`Remove the rule ${rule.claim} = ${rule.value}`}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form onSubmit={submit} noValidate className="stack">
        <div className="form-row">
          <Field label="Agency of the rule" name="agency_id" error={errors.agency_id?.message}>
            <Select {...form.register("agency_id")} disabled={busy}>
              <option value="">Select an agency</option>
              <Options options={agencies.map((agency) => ({ value: agency.id, label: agency.name }))} />
            </Select>
          </Field>
          {TEXT_FIELDS.map(({ name, label, maxLength }) => (
            <Field key={name} label={label} name={name} error={errors[name]?.message}>
              <Input {...form.register(name)} maxLength={maxLength} disabled={busy} spellCheck={false} />
            </Field>
          ))}
          <Field label="Role" name="role" error={errors.role?.message}>
            <Select {...form.register("role")} disabled={busy}>
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </Select>
          </Field>
        </div>
        <div className="form-row">
          {flag("hotlist_admin", "Hotlist admin")}
          {flag("hotlist_viewer", "Hotlist viewer")}
          {flag("auditor", "Auditor")}
        </div>
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            Add rule
          </Button>
        </div>
      </form>
    </Card>
  );
}
