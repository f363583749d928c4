import { passwordRules } from "@odin/contract";
import { CheckCircleIcon } from "@/components/ui";
import { getPasswordMinLength } from "@/lib/config";

/**
 * The requirement list of the change-password screen (001 §2), ticked live as the new password meets
 * each rule. The rules are the contract's, with the length the server enforces (/app-config.js), so the
 * list, the form and the server never disagree.
 */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  return (
    <div className="password-rules">
      <p className="password-rules__title" id={`${id}-title`}>
        Your new password needs:
      </p>
      <ul id={id} className="password-rules__list" aria-labelledby={`${id}-title`}>
        {passwordRules(getPasswordMinLength()).map((rule) => {
          const met = rule.pattern.test(password);
          return (
            <li
              key={rule.id}
              className={`password-rules__item${met ? " password-rules__item--met" : ""}`}
              data-met={met}
            >
              {met ? (
                <CheckCircleIcon className="password-rules__icon" />
              ) : (
                <span className="password-rules__icon password-rules__dot" aria-hidden="true" />
              )}
              <span>{rule.message}</span>
              <span className="visually-hidden">{met ? " (met)" : " (not met yet)"}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
