import { useEffect } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";

export interface CheckedFormOptions<Values> {
  /** The call's input from the form's text values (numbers, lists), when they differ; the values otherwise. */
  toInput?: (values: Values) => unknown;
  /**
   * The fields' refusal is one sentence of the spec's for all of them (e.g. 'Please select a group and
   * enter a reason.'): it goes as soon as any of them changes. Otherwise a field's error goes as it changes.
   */
  errorsGoTogether?: boolean;
}

export type CheckedForm<Values extends FieldValues, Output> = UseFormReturn<Values> & {
  /**
   * The form's submit handler: the values are checked with the contract's schema in the submit event
   * itself, each issue set on its field by name (`formState.errors[name]`, the first per field);
   * `onValid` gets the schema's output (trimmed, lower-cased, defaulted), ready to be the call's body.
   */
  submit: (onValid: (body: Output) => unknown) => (event?: { preventDefault: () => void }) => void;
};

/**
 * A react-hook-form form checked by the contract's zod schema at once, when it is submitted: the
 * refusal shows with the click, as the hand-written forms showed it (react-hook-form's resolver is
 * asynchronous, so `useContractForm`'s `handleSubmit` shows it a tick later).
 */
export function useCheckedForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  defaultValues: DefaultValues<Values>,
  { toInput = (values) => values, errorsGoTogether = false }: CheckedFormOptions<Values> = {},
): CheckedForm<Values, Output> {
  const form = useForm<Values>({ defaultValues });
  const { watch, getFieldState, clearErrors } = form;

  useEffect(() => {
    const { unsubscribe } = watch((_values, { name, type }) => {
      if (type !== "change" || !name) return;
      if (errorsGoTogether) clearErrors();
      else if (getFieldState(name).error) clearErrors(name);
    });
    return unsubscribe;
  }, [watch, getFieldState, clearErrors, errorsGoTogether]);

  const submit: CheckedForm<Values, Output>["submit"] = (onValid) => (event) => {
    event?.preventDefault();
    form.clearErrors();
    const checked = schema.safeParse(toInput(form.getValues()));
    if (checked.success) {
      void onValid(checked.data);
      return;
    }
    for (const issue of checked.error.issues) {
      const name = (issue.path.length > 0 ? issue.path.join(".") : "root") as FieldPath<Values>;
      if (!form.getFieldState(name).error) form.setError(name, { type: issue.code, message: issue.message });
    }
  };
  return { ...form, submit };
}
