"use client";

import { useRef } from "react";
import { ImageChoice } from "./image-choice";
import { Section, SelectField, TextArea, TextField } from "./fields";
import { orUndefined, type Model } from "./model";
import type { Problems } from "./model-check";

type Avatar = NonNullable<Model["avatar"]>;

const AVATAR_HINTS: Record<"letter" | "emoji", string> = {
  letter: "One or two characters.",
  emoji: "One emoji (up to 8 characters).",
};

export function ProfilePanel({ draftId, model, onChange, problems }: { draftId: string; model: Model; onChange: (model: Model) => void; problems: Problems }) {
  const profile = model.profile ?? {};
  // What was typed in each avatar mode, so switching Picture → Emoji → Picture loses nothing.
  const typed = useRef<Partial<Record<Avatar["type"], string>>>(model.avatar ? { [model.avatar.type]: model.avatar.value } : {});
  const setAvatar = (avatar: Avatar | undefined) => {
    if (avatar) typed.current[avatar.type] = avatar.value;
    onChange({ ...model, avatar });
  };
  const setProfile = (patch: Partial<NonNullable<Model["profile"]>>) => onChange({ ...model, profile: { ...profile, ...patch } });
  const avatarType = model.avatar?.type ?? "none";
  return (
    <Section title="Profile" description="Who the page is about.">
      <TextField id="ed-name" label="Name" value={profile.name} maxLength={200} error={problems["profile:name"]} onChange={(name) => setProfile({ name: orUndefined(name) })} />
      <TextField id="ed-handle" label="Handle" value={profile.handle} maxLength={100} placeholder="@yourname" onChange={(handle) => setProfile({ handle: orUndefined(handle) })} />
      <TextArea id="ed-bio" label="Bio" value={profile.bio} maxLength={1000} onChange={(bio) => setProfile({ bio: orUndefined(bio) })} />
      <div className="ed-row">
        <SelectField
          id="ed-avatar-type"
          label="Avatar"
          value={avatarType}
          options={[
            { value: "none", label: "None" },
            { value: "letter", label: "Letter" },
            { value: "emoji", label: "Emoji" },
            { value: "image", label: "Picture" },
          ]}
          onChange={(type) => setAvatar(type === "none" ? undefined : { type: type as Avatar["type"], value: typed.current[type as Avatar["type"]] ?? "" })}
        />
        {model.avatar && model.avatar.type !== "image" ? (
          <TextField
            id="ed-avatar-value"
            label={model.avatar.type === "emoji" ? "Emoji" : "Letters"}
            value={model.avatar.value}
            hint={AVATAR_HINTS[model.avatar.type]}
            error={problems["avatar:value"]}
            maxLength={model.avatar.type === "emoji" ? 8 : 2}
            onChange={(value) => setAvatar({ ...model.avatar!, value })}
          />
        ) : null}
      </div>
      {model.avatar?.type === "image" ? (
        <ImageChoice id="ed-avatar" label="Picture" alt="The avatar picture" draftId={draftId} value={model.avatar.value} error={problems["avatar:value"]} onChange={(value) => setAvatar({ type: "image", value })} />
      ) : null}
    </Section>
  );
}
