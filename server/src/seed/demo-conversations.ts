import type { RelationshipType } from '@velvet/core/constants/options';
import { DEMO_ID, DEMO_MEMBER_COUNT, demoMembers, prng, type DemoMember } from './demo-members';
import { demoActivity, type DemoLike, type DemoView } from './demo-activity';

/**
 * The demo community's conversations (DESIGN.md §6): the demo account opens Messages and finds real
 * threads with members of every kind (a few unread, two starred), and members also talk among
 * themselves. Times are spread over the last few days, before `now`.
 */
export interface DemoMessage {
  clientId: string;
  senderId: string;
  receiverId: string;
  content: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface DemoStar {
  userId: string;
  otherUserId: string;
}

export interface DemoCommunity {
  members: DemoMember[];
  messages: DemoMessage[];
  stars: DemoStar[];
  likes: DemoLike[];
  views: DemoView[];
}

type Line = readonly ['them' | 'us', string];

interface DemoThread {
  /** the other member's relationship type */
  with: RelationshipType;
  /** the other member's town, when the thread mentions it */
  city?: string;
  /** when the newest message was sent */
  hoursAgo: number;
  /** how many of the newest messages from the other member the demo account has not read yet */
  unread?: number;
  starred?: boolean;
  lines: readonly Line[];
}

/** The demo account (Scarlet & Jay, a married couple in Manchester, new to the scene) and its threads. */
const DEMO_THREADS: DemoThread[] = [
  {
    with: 'male-female-couple',
    city: 'Manchester',
    hoursAgo: 0.5,
    unread: 2,
    lines: [
      ['them', "Hi Scarlet & Jay! Loved your profile, we're new-ish too. Fancy a drink sometime?"],
      ['us', "Hi both! Thanks, that's lovely to hear. We'd really like that, we're still finding our feet."],
      ['them', 'No rush at all, we took months before our first meet. Are you near the city centre?'],
      ['us', 'About 20 minutes out. Weekends are easiest for us.'],
      ['them', "Perfect. There's a nice quiet bar in the Northern Quarter we like, good for a chat."],
      ['them', 'How does next Saturday sound? Completely fine if not!'],
    ],
  },
  {
    with: 'single-female',
    hoursAgo: 5,
    starred: true,
    lines: [
      ['them', 'Hey you two, your profile made me smile. Soft swap and friends first is exactly my vibe.'],
      ['us', 'Hi! Thank you :) Always nice to meet someone who gets the friends-first thing.'],
      ['them', "It's the only way for me. I'm off to the social at the weekend, are you going?"],
      ['us', "We were thinking about it! It'd be good to see a friendly face there."],
      ['them', "Then it's a plan. I'll be the one by the bar in the red dress 😊"],
      ['us', "Ha, we'll find you. See you Saturday!"],
    ],
  },
  {
    with: 'polyamorous-group',
    city: 'Salford',
    hoursAgo: 2,
    unread: 1,
    lines: [
      ['them', 'Hi Scarlet & Jay, we host a relaxed games night once a month: board games, wine, zero pressure. Fancy it?'],
      ['us', 'That sounds brilliant actually. Whereabouts are you?'],
      ['them', "Salford, so not far. Next one is in a fortnight, I'll send the details nearer the time."],
      ['them', "Also, we do a vegan chilli, just so you know what you're getting into 😄"],
    ],
  },
  {
    with: 'male-male-couple',
    city: 'Manchester',
    hoursAgo: 8,
    starred: true,
    lines: [
      ['them', "Hey! Spotted you're in Manchester too. Are you going to the club night at the end of the month?"],
      ['us', "We've heard good things! Have you been before?"],
      ['them', 'A few times. Great music, friendly crowd, and nobody pushy. A perfect first night out.'],
      ['us', "Sold. Maybe we'll see you there"],
      ['them', "Definitely, come and say hi. We'll be the ones on the dance floor all night."],
    ],
  },
  {
    with: 'female-female-couple',
    hoursAgo: 26,
    lines: [
      ['them', "Hello! We noticed you're new. Any questions about the scene, just ask, we're happy to help."],
      ['us', "That's so kind. How did you two find your first meet?"],
      ['them', 'Nervous! But everyone was lovely. Keep it to a drink and be honest about your boundaries.'],
      ['us', 'Really useful, thank you both.'],
    ],
  },
  {
    with: 'mixed-couple',
    city: 'Stockport',
    hoursAgo: 1,
    unread: 3,
    lines: [
      ['them', "Hi there! We're a couple from just up the road in Stockport."],
      ['them', "We're fairly new as well and looking for friends first, just like you."],
      ['them', 'Would love to chat if you are up for it. No pressure!'],
    ],
  },
  {
    with: 'single-non-binary',
    hoursAgo: 30,
    lines: [
      ['us', 'Hi! Loved your bio. Fancy a chat?'],
      ['them', 'Hello both 👋 Thank you, yours made me laugh too.'],
      ['us', 'Go on then, what are you looking for on here?'],
    ],
  },
  {
    with: 'single-trans-female',
    hoursAgo: 50,
    lines: [
      ['them', "Hiya, are you going to the meet and greet at the weekend? It's my first time going on my own."],
      ['us', "We are! Come and find us, we'll be nervous too."],
      ['them', 'Brilliant, that makes me feel so much better. See you there x'],
      ['us', 'See you there x'],
    ],
  },
  {
    with: 'non-binary-couple',
    hoursAgo: 0.7,
    unread: 1,
    lines: [['them', "Hi both! Quick hello from us two. Your profile's lovely, fancy a chat sometime?"]],
  },
  {
    with: 'single-male',
    hoursAgo: 75,
    lines: [
      ['them', "Hi both, hope you don't mind me saying hello. I'm easy-going and respectful if you ever fancy a chat."],
      ['us', "Hi, thanks for the kind message. We're only looking to meet couples at the moment, but good luck on here!"],
      ['them', 'No problem at all, thanks for replying. Have a great weekend.'],
    ],
  },
  {
    with: 'single-trans-male',
    hoursAgo: 98,
    lines: [
      ['us', 'Hi, thanks for looking at our profile! How are you finding the site?'],
      ['them', "Hey! Really friendly so far. Everyone's been so welcoming."],
      ['us', "Agreed, it's been a nice surprise for us too."],
    ],
  },
  {
    with: 'single-other',
    hoursAgo: 120,
    lines: [
      ['them', 'Hello! Just wanted to say your profile picture made me smile. The sunglasses are iconic.'],
      ['us', 'Haha thank you! Jay insists they are his best feature.'],
    ],
  },
];

/** Conversations among the other members: `a` is the member who wrote first. */
const MEMBER_THREADS: (readonly ['a' | 'b', string])[][] = [
  [
    ['a', 'Hi! Loved your profile, fancy a chat?'],
    ['b', "Hey, thank you! Of course. How's your week going?"],
    ['a', 'Busy but good, counting down to the weekend. Any plans?'],
    ['b', 'Might head to a social in town. You?'],
    ['a', 'Same, maybe see you there!'],
  ],
  [
    ['a', 'Hello! Are you going to the party next month?'],
    ['b', "Haven't decided yet. Is it worth it?"],
    ['a', 'Definitely, friendly crowd and great music.'],
  ],
  [
    ['a', 'Your photos are fab. Where was the beach one taken?'],
    ['b', 'Thank you! That was Cornwall last summer.'],
    ['a', "Gorgeous. I'm off there in August, can't wait."],
    ['b', 'You will love it. Have a drink on the harbour for us.'],
  ],
  [
    ['a', "Just saying hello. Hope you're having a good day."],
    ['b', 'Hi! Thanks, you too :)'],
  ],
  [
    ['a', 'Thanks for the chat last night, it was lovely.'],
    ['b', "Likewise! Let's sort a drink soon."],
    ['a', 'Definitely. Free next Friday?'],
  ],
];
const MEMBER_THREAD_COUNT = 12;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The whole demo community: members, their conversations, stars, likes and views, all deterministic for a given `now`. */
export function demoCommunity(opts: { members?: number; now?: number } = {}): DemoCommunity {
  const now = opts.now ?? Date.now();
  const members = demoMembers(opts.members ?? DEMO_MEMBER_COUNT, now);
  const rand = prng(1122);
  const messages: DemoMessage[] = [];
  const stars: DemoStar[] = [];
  const used = new Set<string>([DEMO_ID]);
  let clientSeq = 0;

  /** Lays a thread's lines out in time, ending `hoursAgo` before now, a few minutes to an hour apart. */
  function layOut(lines: readonly { from: string; to: string; content: string }[], hoursAgo: number) {
    const times: number[] = [];
    let at = now - hoursAgo * HOUR;
    for (let i = lines.length - 1; i >= 0; i--) {
      times[i] = at;
      at -= (3 + Math.floor(rand() * 70)) * MINUTE;
    }
    return lines.map((line, i): { from: string; to: string; content: string; createdAt: Date; readAt: Date | null } => {
      // read once the reader answered (just before answering), or a few minutes later if nobody has since
      const answered = lines.findIndex((l, j) => j > i && l.from === line.to);
      const next = answered >= 0 ? times[answered]! : now;
      const readAt = new Date(Math.min(times[i]! + 4 * MINUTE, times[i]! + (next - times[i]!) / 2));
      return { ...line, createdAt: new Date(times[i]!), readAt };
    });
  }

  for (const thread of DEMO_THREADS) {
    const other = members.find((m) => m.profile.gender === thread.with && !used.has(m.id) && !(thread.city && m.profile.hideLocation));
    if (!other) continue;
    used.add(other.id);
    if (thread.city) other.profile.locationCity = thread.city;
    const lines = thread.lines.map(([who, content]) =>
      who === 'us' ? { from: DEMO_ID, to: other.id, content } : { from: other.id, to: DEMO_ID, content },
    );
    const laid = layOut(lines, thread.hoursAgo);
    // the newest messages from the other member wait unread; what the demo account sent last may be unread too
    let unread = thread.unread ?? 0;
    for (let i = laid.length - 1; i >= 0 && unread > 0; i--) {
      if (laid[i]!.from === other.id) {
        laid[i]!.readAt = null;
        unread--;
      }
    }
    const last = laid[laid.length - 1]!;
    if (last.from === DEMO_ID && thread.hoursAgo < 48) last.readAt = null;
    for (const m of laid)
      messages.push({
        clientId: `seed-${++clientSeq}`,
        senderId: m.from,
        receiverId: m.to,
        content: m.content,
        createdAt: m.createdAt,
        readAt: m.readAt,
      });
    if (thread.starred) stars.push({ userId: DEMO_ID, otherUserId: other.id });
  }

  const others = members.filter((m) => m.id !== DEMO_ID);
  const pairs = new Set<string>();
  for (let t = 0; t < MEMBER_THREAD_COUNT && others.length > 1; t++) {
    const a = others[Math.floor(rand() * others.length)]!;
    const script = MEMBER_THREADS[t % MEMBER_THREADS.length]!;
    // a thread about someone's photos goes to a member who has some
    const withPhotos = others.filter((m) => m.galleryPhotos > 0);
    const pool = withPhotos.length && script.some(([, text]) => text.includes('photos')) ? withPhotos : others;
    const b = pool[Math.floor(rand() * pool.length)]!;
    const key = [a.id, b.id].sort().join(':');
    if (a.id === b.id || pairs.has(key)) continue;
    pairs.add(key);
    const lines = script.map(([who, content]) => (who === 'a' ? { from: a.id, to: b.id, content } : { from: b.id, to: a.id, content }));
    const laid = layOut(lines, 1 + Math.floor(rand() * 140));
    if (rand() < 0.4) laid[laid.length - 1]!.readAt = null;
    for (const m of laid)
      messages.push({
        clientId: `seed-${++clientSeq}`,
        senderId: m.from,
        receiverId: m.to,
        content: m.content,
        createdAt: m.createdAt,
        readAt: m.readAt,
      });
    if (t % 4 === 0) stars.push({ userId: b.id, otherUserId: a.id });
  }

  // whoever wrote or read a message was active then: last-active times agree with the threads
  const byId = new Map(members.map((m) => [m.id, m]));
  const seen = (id: string, at: Date | null) => {
    const m = byId.get(id);
    if (m && at && at > m.profile.lastActiveAt) m.profile.lastActiveAt = at;
  };
  for (const m of messages) {
    seen(m.senderId, m.createdAt);
    seen(m.receiverId, m.readAt);
  }
  // and whoever liked, passed or looked at a profile was active then too
  const { likes, views } = demoActivity(members, now);
  for (const l of likes) seen(l.likerId, l.createdAt);
  for (const v of views) seen(v.viewerId, v.viewedAt);
  return { members, messages, stars, likes, views };
}
