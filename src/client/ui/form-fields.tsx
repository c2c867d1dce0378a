import type * as React from "react";
import type { ControllerProps, ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./form";
import { Input } from "./input";
import { Textarea } from "./textarea";

/** The props react-hook-form's field supplies; the caller may not set them on the control. */
type Bound = "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref";

type FieldProps<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>> = Pick<
  ControllerProps<TFieldValues, TName>,
  "control" | "name"
> & {
  label: React.ReactNode;
  description?: React.ReactNode;
  /** Marks the label with a red asterisk that screen readers skip (the control's own `required` is announced). */
  requiredMark?: boolean;
};

/**
 * The visible mark of a required field's label: drawn by CSS with an empty alternative text, so the
 * field's name stays its words and the input's own `required` is what a screen reader announces.
 */
const REQUIRED_MARK = "after:ms-0.5 after:text-destructive after:content-['*'_/_'']";

/**
 * One labelled control bound to a react-hook-form field: FormLabel (associated by id), the control
 * (aria-invalid / aria-describedby via FormControl), an optional FormDescription, then FormMessage.
 */
function LabelledField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>>({
  control,
  name,
  label,
  description,
  requiredMark,
  notes,
  renderControl,
}: FieldProps<TFieldValues, TName> & {
  /** Ids of notes outside the field that also describe the control. */
  notes?: string;
  renderControl: (field: ControllerRenderProps<TFieldValues, TName>) => React.ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel className={requiredMark ? REQUIRED_MARK : undefined}>{label}</FormLabel>
          <FormControl aria-describedby={notes}>{renderControl(field)}</FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A labelled Input; other props go to the Input and the field's own props win, as with `<Input {...props} {...field} />`. */
export function TextField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
>({
  control,
  name,
  label,
  description,
  requiredMark,
  "aria-describedby": notes,
  ...inputProps
}: FieldProps<TFieldValues, TName> & Omit<React.ComponentProps<typeof Input>, Bound>) {
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      description={description}
      requiredMark={requiredMark}
      notes={notes}
      renderControl={(field) => <Input {...inputProps} {...field} />}
    />
  );
}

/** As TextField, rendering a Textarea. */
export function TextareaField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
>({
  control,
  name,
  label,
  description,
  requiredMark,
  "aria-describedby": notes,
  ...textareaProps
}: FieldProps<TFieldValues, TName> & Omit<React.ComponentProps<typeof Textarea>, Bound>) {
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      description={description}
      requiredMark={requiredMark}
      notes={notes}
      renderControl={(field) => <Textarea {...textareaProps} {...field} />}
    />
  );
}
