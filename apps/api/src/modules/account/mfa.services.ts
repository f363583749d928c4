import { bindServices } from "../../lib/bind-services";
import {
  confirmOwnEnrolment,
  disableOwnMfa,
  mfaStatus,
  readMfaPolicy,
  setAgencyMfaPolicy,
  setInstanceMfaPolicy,
  startEnrolment,
  type MfaDeps,
} from "../../identity/mfa/mfa.service";

/** What mfa.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const mfaServiceFactory = (deps: MfaDeps) => ({
  ...bindServices(deps, {
    confirmOwnEnrolment,
    disableOwnMfa,
    mfaStatus,
    readMfaPolicy,
    setAgencyMfaPolicy,
    setInstanceMfaPolicy,
    startEnrolment,
  }),
  /** LOCKOUT_MINUTES: a locked account is refused before any code is checked. */
  lockoutMs: deps.lockoutMs,
});
export type MfaService = ReturnType<typeof mfaServiceFactory>;
