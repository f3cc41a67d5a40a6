import type { ProfileInput } from '@local-creators/common';

export const validProfile = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  full_name: 'Maya Brooks',
  phone: '(216) 555-0101',
  bio: 'Food and family adventures around Cleveland.',
  neighborhood: 'Tremont',
  media_kit_url: 'https://maya.example.com/kit.pdf',
  link_hub_url: null,
  niches: ['Food', 'Family'],
  platforms: [
    { name: 'Instagram', handle: 'mayaeats', url: 'https://instagram.com/mayaeats', followers: 12_500 },
    { name: 'TikTok', handle: 'mayaeats', url: '', followers: 3_000 },
  ],
  content_types: ['Reels', 'Photo'],
  collab_types: ['Sponsored Post'],
  can_use_name_publicly: true,
  ...overrides,
});
