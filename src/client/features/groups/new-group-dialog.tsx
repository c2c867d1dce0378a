import type { CreatedGroup } from "@contract/groups";
import { GROUP_DESCRIPTION_MAX, GROUP_TEXTS } from "@contract/groups";
import { NEW_GROUP_TEXTS } from "@contract/groups-texts";
import { messageKey } from "@contract/i18n/texts";
import { NAME_MAX } from "@contract/limits";
import { zodResolver } from "@hookform/resolvers/zod";
import { UsersIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel } from "@/ui/form";
import { TextareaField, TextField } from "@/ui/form-fields";
import { PhotoField } from "@/ui/photo-field";
import { Spinner } from "@/ui/spinner";
import { Switch } from "@/ui/switch";
import { toast } from "@/ui/use-toast";
import { useCreateGroup } from "./api";

const newGroupFormSchema = z.object({
  name: z.string().trim().min(1, messageKey(GROUP_TEXTS, "nameRequired")).max(NAME_MAX),
  description: z.string().max(GROUP_DESCRIPTION_MAX),
  isPrivate: z.boolean(),
});
type NewGroupForm = z.infer<typeof newGroupFormSchema>;

/** New Group: name (required), description, private switch; success selects the group. */
export function NewGroupDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (group: CreatedGroup) => void;
}) {
  const { user } = useAuth();
  const create = useCreateGroup();
  const t = useTexts(NEW_GROUP_TEXTS);
  const tg = useTexts(GROUP_TEXTS);
  // A group photo is one uploaded to Link (re-encoded, metadata stripped), never a URL: a third-party image
  // would tell its host the address of everyone who opens the group.
  const [photo, setPhoto] = useState<string | null>(null);
  const form = useForm<NewGroupForm>({
    resolver: zodResolver(newGroupFormSchema),
    defaultValues: { name: "", description: "", isPrivate: false },
  });

  const submit = form.handleSubmit((values) => {
    if (!user) {
      toast({ title: t("error"), description: tg("mustBeLoggedIn"), variant: "destructive" });
      return;
    }
    create.mutate(
      { name: values.name, description: values.description, imageUrl: photo, isPrivate: values.isPrivate },
      {
        onSuccess: (group) => {
          toast({ title: group.isPrivate ? tg("privateCreated") : tg("created"), description: group.name });
          form.reset();
          setPhoto(null);
          onOpenChange(false);
          onCreated(group);
        },
        onError: (error) =>
          toast({
            title: t("error"),
            description: errorMessage(error) ?? tg("createFailed"),
            variant: "destructive",
          }),
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setPhoto(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <TextField
              control={form.control}
              name="name"
              label={t("name")}
              placeholder={t("namePlaceholder")}
              dir="auto"
            />
            <TextareaField
              control={form.control}
              name="description"
              label={t("about")}
              rows={3}
              placeholder={t("aboutPlaceholder")}
              dir="auto"
            />
            <PhotoField
              label={t("photo")}
              changeLabel={t("changePhoto")}
              uploadLabel={t("uploadPhoto")}
              value={photo}
              onChange={setPhoto}
              previewClassName="size-16"
              placeholder={
                <span className="flex size-full items-center justify-center bg-primary/10 text-primary">
                  <UsersIcon className="size-6" aria-hidden />
                </span>
              }
            />
            <FormField
              control={form.control}
              name="isPrivate"
              render={({ field }) => (
                <FormItem className="flex items-center justify-between gap-4 rounded-lg border p-3">
                  <div>
                    <FormLabel>{t("private")}</FormLabel>
                    <p className="text-xs text-muted-foreground">{t("privateHint")}</p>
                  </div>
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} aria-label={t("private")} />
                  </FormControl>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                {t("create")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
