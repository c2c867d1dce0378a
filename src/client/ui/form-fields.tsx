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
};

/**
 * One labelled control bound to a react-hook-form field: FormLabel (associated by id), the control
 * (aria-invalid / aria-describedby via FormControl), an optional FormDescription, then FormMessage.
 */
function LabelledField<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>>({
  control,
  name,
  label,
  description,
  renderControl,
}: FieldProps<TFieldValues, TName> & {
  renderControl: (field: ControllerRenderProps<TFieldValues, TName>) => React.ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>{renderControl(field)}</FormControl>
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
  ...inputProps
}: FieldProps<TFieldValues, TName> & Omit<React.ComponentProps<typeof Input>, Bound>) {
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      description={description}
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
  ...textareaProps
}: FieldProps<TFieldValues, TName> & Omit<React.ComponentProps<typeof Textarea>, Bound>) {
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      description={description}
      renderControl={(field) => <Textarea {...textareaProps} {...field} />}
    />
  );
}
