import { wizardStepOfField, type CreatorProfile, type ProfileInput } from '@local-creators/common';

export type Step = 1 | 2 | 3 | 4;

/** The wizard's working copy: optional texts stay strings while typing; validateProfile trims them to null. */
export type Draft = Omit<ProfileInput, 'neighborhood' | 'media_kit_url' | 'link_hub_url'> & {
  neighborhood: string;
  media_kit_url: string;
  link_hub_url: string;
};

export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

export const STEPS: { step: Step; title: string; short: string; description: string }[] = [
  { step: 1, title: 'Basic Information', short: 'Basics', description: 'Who you are and where in town you create.' },
  {
    step: 2,
    title: 'Your Platforms',
    short: 'Platforms',
    description: 'Where people follow you, and how many of them.',
  },
  {
    step: 3,
    title: 'Niches & Content',
    short: 'Niches',
    description: 'What you create and how you like to work with brands.',
  },
  {
    step: 4,
    title: 'Links & Privacy',
    short: 'Links',
    description: 'Optional links for brands, and how we show your name.',
  },
];

export const emptyDraft: Draft = {
  full_name: '',
  phone: '',
  bio: '',
  neighborhood: '',
  media_kit_url: '',
  link_hub_url: '',
  niches: [],
  platforms: [],
  content_types: [],
  collab_types: [],
  can_use_name_publicly: true,
};

export const draftFromProfile = (p: CreatorProfile): Draft => ({
  full_name: p.full_name,
  phone: p.phone,
  bio: p.bio,
  neighborhood: p.neighborhood ?? '',
  media_kit_url: p.media_kit_url ?? '',
  link_hub_url: p.link_hub_url ?? '',
  niches: [...p.niches],
  platforms: p.platforms.map((x) => ({ ...x })),
  content_types: [...p.content_types],
  collab_types: [...p.collab_types],
  can_use_name_publicly: p.can_use_name_publicly,
});

/** The step that holds a field named in a validation failure (e.g. 'platforms.0.url'): the shared rules' own table. */
export const stepOfField = (field: string | undefined): Step | null => wizardStepOfField(field);

/** The unsent application kept in this browser, per account, so a reload does not wipe it. */
export interface StoredDraft {
  draft: Draft;
  imageUrl: string | null;
}

const draftKey = (userId: string) => `lc.apply.draft.${userId}`;

export function readStoredDraft(userId: string): StoredDraft | null {
  if (!userId) return null;
  try {
    const raw = window.localStorage.getItem(draftKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    if (!parsed || typeof parsed.draft !== 'object' || parsed.draft === null) return null;
    // Unknown or missing keys fall back to the empty draft's, so an older copy still loads.
    return {
      draft: { ...emptyDraft, ...parsed.draft },
      imageUrl: typeof parsed.imageUrl === 'string' ? parsed.imageUrl : null,
    };
  } catch {
    return null;
  }
}

export function storeDraft(userId: string, value: StoredDraft) {
  try {
    window.localStorage.setItem(draftKey(userId), JSON.stringify(value));
  } catch {
    // storage full or disabled: the wizard still works, only without surviving a reload
  }
}

export function clearStoredDraft(userId: string) {
  try {
    window.localStorage.removeItem(draftKey(userId));
  } catch {
    // nothing to clear
  }
}
