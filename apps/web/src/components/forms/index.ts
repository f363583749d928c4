export {
  AddUserCard,
  SignInByProviderHint,
  useAddUserForm,
  type AddUserFormOptions,
  type AddUserState,
} from "./add-user-form";
export { CsvFileField, useCsvFile, type CsvFileFieldProps } from "./csv-file-field";
export { CsvUploadCard, type CsvUploadCardProps } from "./csv-upload-card";
export { DateRangeFields, type DateRange, type DateRangeFieldsProps } from "./date-range-fields";
export { FailureNotice, type FailureNoticeProps } from "./failure-notice";
export { Field, type FieldControl, type FieldProps } from "./field";
export {
  Input,
  Options,
  PlateInput,
  Select,
  TextArea,
  type InputProps,
  type SelectProps,
  type TextAreaProps,
} from "./controls";
export { FieldError, type FieldErrorProps } from "./field-error";
export { FieldLabel, type FieldLabelProps } from "./field-label";
export { NoticeList, type NoticeListProps } from "./notice-list";
export { RefusalNotice, useRefusal, type RefusalNoticeProps } from "./refusal-notice";
export {
  CaseFields,
  EMPTY_CASE_FIELDS,
  missingCaseFields,
  toCaseFieldsRequest,
  useCaseFieldSettings,
  type CaseFieldErrors,
  type CaseFieldValues,
  type CaseFieldsProps,
} from "./case-fields";
export { FilterBar, type FilterBarFields, type FilterBarProps, type FilterValues } from "./filter-bar";
