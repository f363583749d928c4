import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form form whose validator is the contract's zod schema for the call it sends: the same
 * rules and messages as the API, checked before the request. `handleSubmit` hands on the schema's
 * output (trimmed, upper-cased, defaulted), ready to be the call's body.
 */
export function useContractForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    // As the hand-written forms did: checked on submit, then again as the user corrects a field.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
}
