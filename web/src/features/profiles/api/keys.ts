export const profileKeys = {
  own: ['profile', 'me'] as const,
  view: (userId: string) => ['profile', 'view', userId] as const,
  gallery: (userId: string) => ['gallery', userId] as const,
};
