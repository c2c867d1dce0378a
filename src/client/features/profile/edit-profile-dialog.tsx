import { messageKey } from "@contract/i18n/texts";
import { LIST_ITEMS_MAX } from "@contract/limits";
import { profilePhrasesFields } from "@contract/matching";
import { MATCHING_RULES_TEXTS, PEOPLE_TO_MEET_TEXTS, PHRASES_MAX } from "@contract/matching-texts";
import { EDIT_PROFILE_TEXTS } from "@contract/profile-texts";
import { type CurrentUser, profileFields, type UpdateProfileInput } from "@contract/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { CameraIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { uploadPhoto } from "@/lib/uploads";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form } from "@/ui/form";
import { TextareaField, TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useUpdateProfile } from "./api";

const toList = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

// Lists are typed as comma-separated text; each item obeys the contract's rules once split.
const listText = z
  .string()
  .refine((text) => toList(text).length <= LIST_ITEMS_MAX, messageKey(EDIT_PROFILE_TEXTS, "tooManyItems"))
  .refine(
    (text) => profileFields.interests.safeParse(toList(text)).success,
    messageKey(EDIT_PROFILE_TEXTS, "itemTooLong"),
  );

// What one offers and seeks: the same, with the phrases' own rules.
const phrasesText = z
  .string()
  .refine((text) => toList(text).length <= PHRASES_MAX, messageKey(MATCHING_RULES_TEXTS, "tooManyPhrases"))
  .refine(
    (text) => profilePhrasesFields.offering.safeParse(toList(text)).success,
    messageKey(MATCHING_RULES_TEXTS, "phraseTooLong"),
  );

const editProfileFormSchema = z.object({
  fullName: profileFields.fullName,
  bio: profileFields.bio,
  profession: profileFields.profession,
  careerPath: profileFields.careerPath,
  interests: listText,
  skills: listText,
  offering: phrasesText,
  seeking: phrasesText,
});
type EditProfileForm = z.infer<typeof editProfileFormSchema>;

/** Edit Profile: the profile fields and a photo from the camera bridge, saved with PATCH /api/users/{id}. */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTexts(EDIT_PROFILE_TEXTS);
  const tp = useTexts(PEOPLE_TO_MEET_TEXTS);
  const update = useUpdateProfile(user.id);
  // undefined: photo unchanged; a URL: newly uploaded.
  const [photo, setPhoto] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const form = useForm<EditProfileForm>({
    resolver: zodResolver(editProfileFormSchema),
    values: {
      fullName: user.fullName,
      bio: user.bio,
      profession: user.profession,
      careerPath: user.careerPath,
      interests: user.interests.join(", "),
      skills: user.skills.join(", "),
      offering: user.offering.join(", "),
      seeking: user.seeking.join(", "),
    },
  });

  async function pickPhoto() {
    let dataUrl: string;
    try {
      dataUrl = await native.pickPhoto();
    } catch (error) {
      // Closing the picker is a choice, not a failure.
      if (error instanceof Error && error.message === "No image selected") return;
      toast({
        title: t("imageSelectionFailed"),
        description: t("couldNotSelectImage"),
        variant: "destructive",
      });
      return;
    }
    setUploading(true);
    try {
      setPhoto((await uploadPhoto(dataUrl)).url);
    } catch (error) {
      toast({
        title: t("uploadFailed"),
        description: errorMessage(error) ?? t("couldNotUpload"),
        variant: "destructive",
      });
    } finally {
      setUploading(false);
    }
  }

  const submit = form.handleSubmit((values) => {
    const input: UpdateProfileInput = {
      fullName: values.fullName,
      bio: values.bio,
      profession: values.profession,
      careerPath: values.careerPath,
      interests: toList(values.interests),
      skills: toList(values.skills),
      offering: toList(values.offering),
      seeking: toList(values.seeking),
      ...(photo !== undefined && { profileImage: photo }),
    };
    update.mutate(input, {
      onSuccess: () => {
        toast({ title: t("profileUpdated"), description: t("profileSaved") });
        setPhoto(undefined);
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: t("error"),
          description: errorMessage(error) ?? t("failedUpdate"),
          variant: "destructive",
        }),
    });
  });

  const shownPhoto = photo ?? user.profileImage;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPhoto(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-4">
          <Avatar className="size-16">
            {shownPhoto && <AvatarImage src={shownPhoto} alt="" />}
            <AvatarFallback className="text-xl">{initialOf(user.fullName)}</AvatarFallback>
          </Avatar>
          <Button type="button" variant="outline" onClick={() => void pickPhoto()} disabled={uploading}>
            {uploading ? <Spinner /> : <CameraIcon />}
            {t("changePhoto")}
          </Button>
        </div>
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-3" noValidate>
            <TextField control={form.control} name="fullName" label={t("fullName")} autoComplete="name" dir="auto" />
            <TextareaField
              control={form.control}
              name="bio"
              label={t("bio")}
              dir="auto"
              rows={3}
              placeholder={t("bioPlaceholder")}
            />
            <TextField control={form.control} name="profession" label={t("profession")} dir="auto" />
            <TextField
              control={form.control}
              name="interests"
              label={t("interests")}
              dir="auto"
              placeholder={t("interestsPlaceholder")}
            />
            <TextField
              control={form.control}
              name="skills"
              label={t("skills")}
              dir="auto"
              placeholder={t("skillsPlaceholder")}
            />
            <TextField control={form.control} name="careerPath" label={t("careerPath")} dir="auto" />
            <TextField
              control={form.control}
              name="offering"
              label={tp("offering")}
              dir="auto"
              placeholder={tp("phrasesPlaceholder")}
            />
            <TextField
              control={form.control}
              name="seeking"
              label={tp("seeking")}
              dir="auto"
              placeholder={tp("phrasesPlaceholder")}
            />
            <DialogFooter>
              <Button type="submit" disabled={update.isPending || uploading}>
                {update.isPending && <Spinner />}
                {t("saveChanges")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
