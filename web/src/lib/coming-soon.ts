/** Screens that later work builds; until then each says honestly what it will do. */
export const comingSoon: Record<string, { title: string; line: string }> = {
  '/clubs': { title: 'Clubs', line: 'Clubs across the UK by region, with reviews from members.' },
  '/updates': { title: 'Updates', line: 'What your friends and hotlist have been up to.' },
  '/content': { title: 'Upload Content', line: 'Share photos and videos, free, premium or pay-per-view.' },
  '/privacy-settings': { title: 'Privacy Settings', line: 'Anonymous mode, hide last active, hide location and your blocked members.' },
  '/verification': { title: 'Verification', line: 'Get verified as a photo, couple, individual, creator or VIP member to build trust.' },
  '/notifications': { title: 'Notifications', line: 'Likes, winks, friend invites and messages in one place.' },
  '/friends': { title: 'Friends', line: 'Invite members as friends and see your friends list.' },
  '/hotlist': { title: 'Hot List', line: 'Keep the members you like on a list of your own.' },
  '/winks': { title: 'Winks', line: 'A light way to say hello: send and receive winks.' },
  '/events': { title: 'Meets & Events', line: 'Add a meet or an event for members to join.' },
  '/calendar': { title: 'Meets & Events', line: 'A calendar of meets and events near you.' },
  '/forum': { title: 'Forum', line: 'Talk with the community about the lifestyle.' },
  '/cam': { title: 'Live Cam', line: 'Live video with other members.' },
  '/subscription': { title: 'Upgrade', line: 'Everything on the site is free: there is no paid plan to upgrade to.' },
};
