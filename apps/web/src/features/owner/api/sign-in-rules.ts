import {
  findEndpoint,
  type TIdpRoleRule,
  type TIdpRoleRuleInput,
  type TIdpRoleRulesResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const list = findEndpoint("GET", "/owner/idp-rules");
const add = findEndpoint("POST", "/owner/idp-rules");
const remove = findEndpoint("DELETE", "/owner/idp-rules/:id");

/** GET /owner/idp-rules (issue 34): the mapping rules, and whether sign-in is the agencies' own. */
export function getSignInRules(): Promise<TIdpRoleRulesResponse> {
  return callEndpoint(list);
}

export function addSignInRule(rule: TIdpRoleRuleInput): Promise<TIdpRoleRule> {
  return callEndpoint(add, { body: rule });
}

export function removeSignInRule(id: number): Promise<TSuccessMessage> {
  return callEndpoint(remove, { params: { id } });
}
