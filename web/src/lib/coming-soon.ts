/** Screens that later work builds; until then each says honestly what it will do. */
export const comingSoon: Record<string, { title: string; line: string }> = {
  '/events': { title: 'Meets & Events', line: 'Add a meet or an event for members to join.' },
  '/calendar': { title: 'Meets & Events', line: 'A calendar of meets and events near you.' },
  '/forum': { title: 'Forum', line: 'Talk with the community about the lifestyle.' },
  '/cam': { title: 'Live Cam', line: 'Live video with other members.' },
  '/subscription': { title: 'Upgrade', line: 'Everything on the site is free: there is no paid plan to upgrade to.' },
};
