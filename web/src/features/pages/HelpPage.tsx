import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Camera, ChevronDown, Flag, KeyRound, LifeBuoy, ShieldCheck, ShieldHalf, UserRound } from 'lucide-react';
import { limits } from '@velvet/core/constants/limits';
import { GALLERY_MAX_PHOTOS } from '@velvet/core/schemas/media.schema';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { siteName } from '../../lib/site';
import { PageIntro, Prose } from './Prose';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>;

interface Topic {
  id: string;
  title: string;
  icon: Icon;
  questions: { q: string; a: ReactNode }[];
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const throttle = limits.signInThrottle;
const addressThrottle = limits.signInAddressThrottle;

const topics: Topic[] = [
  {
    id: 'account',
    title: 'Your account',
    icon: UserRound,
    questions: [
      {
        q: 'Who can join?',
        a: (
          <p>
            Adults aged 18 or over: singles, couples and groups. When you join you confirm that you are 18 or over and accept our{' '}
            <Link to="/terms">terms</Link>. A couple or group shares one account and one profile.
          </p>
        ),
      },
      {
        q: 'I did not get the confirmation email',
        a: (
          <>
            <p>We send a confirmation link to the address you joined with, and you can sign in once you have opened it.</p>
            <ul>
              <li>Look in your spam or junk folder, and search for “{siteName}”.</li>
              <li>Check the address for typing mistakes. If it was wrong, join again with the right one.</li>
              <li>Try to sign in: if the email is still unconfirmed, the sign-in screen tells you and sends a fresh link.</li>
            </ul>
          </>
        ),
      },
      {
        q: 'How do I change my email address or password?',
        a: (
          <p>
            Go to <Link to="/my-account">My Account</Link>. A new email address only takes effect once you open the link we send to it. If
            you have forgotten your password, use <Link to="/forgot-password">Forgot your password?</Link> on the sign-in screen.
          </p>
        ),
      },
      {
        q: 'How do I edit my profile?',
        a: (
          <p>
            Open <Link to="/edit-profile">Edit Profile</Link> from the menu to change your photos, details, interests and bio (up to{' '}
            {limits.bioMaxLength} characters). Couples and groups see the wording for two or more people, such as “About Us”.
          </p>
        ),
      },
      {
        q: 'How do I get a copy of my data?',
        a: (
          <p>
            Go to <Link to="/my-account#download-data">My Account</Link> and choose <strong>Download my data</strong>. You get a zip file
            with everything we hold about you (your account, profile, photos, messages, likes, passes, profile views, blocks, contact
            messages and signed-in devices) as data.json, and your photos as image files.
          </p>
        ),
      },
      {
        q: 'How do I delete my account?',
        a: (
          <p>
            Go to <Link to="/my-account#delete-account">My Account</Link>, choose <strong>Delete my account</strong> and confirm with your
            password (if you sign in with Google or another provider, you sign in with it again instead). Your profile, photos, messages (on
            both sides of each conversation), likes, views, blocks and devices go at once and cannot be brought back. You can join again
            later with the same email address. Our <Link to="/privacy#retention">privacy policy</Link> says what little is kept, and why.
          </p>
        ),
      },
    ],
  },
  {
    id: 'sign-in',
    title: 'Signing in',
    icon: KeyRound,
    questions: [
      {
        q: 'I forgot my password',
        a: (
          <p>
            Choose <Link to="/forgot-password">Forgot your password?</Link> on the sign-in screen and enter your email address. We send a
            link that works for one hour. Choosing a new password signs you out everywhere else.
          </p>
        ),
      },
      {
        q: 'It says “Too Many Attempts” or “too many failed sign-ins from your network”',
        a: (
          <>
            <p>To stop password guessing, we count wrong passwords in two ways, and the message says which limit you met:</p>
            <ul>
              <li>
                <strong>Your account</strong>: {throttle.maxAttempts} wrong passwords for one email address from where you are, in{' '}
                {throttle.windowMinutes} minutes. Someone else guessing at your account from elsewhere does not lock you out.
              </li>
              <li>
                <strong>Your network</strong>: {addressThrottle.maxFailures} wrong passwords for any accounts from one internet address, in{' '}
                {addressThrottle.windowMinutes} minutes. Mobile networks share one address among many people, so this limit is generous and
                rarely met.
              </li>
            </ul>
            <p>Wait for the time shown, then try again, reset your password, or sign in over another connection.</p>
          </>
        ),
      },
      {
        q: 'It says my email is not confirmed',
        a: <p>Open the confirmation link we emailed you when you joined, then sign in again.</p>,
      },
      {
        q: 'Why am I signed out when I close the browser?',
        a: (
          <p>
            Unless you tick “Keep me signed in”, your session ends when you close the browser, so nobody who uses the device after you can
            open your account. Only tick it on a device that is yours alone. “Remember me” only fills in your email address next time.
          </p>
        ),
      },
    ],
  },
  {
    id: 'two-factor',
    title: 'Two-factor sign-in',
    icon: ShieldCheck,
    questions: [
      {
        q: 'What is two-factor sign-in?',
        a: (
          <p>
            A second step after your password: a 6-digit code from an authenticator app on your phone (such as Google Authenticator,
            Microsoft Authenticator or 1Password). Someone who learns your password still cannot get in without your phone.
          </p>
        ),
      },
      {
        q: 'How do I turn it on?',
        a: (
          <ol>
            <li>
              Go to <Link to="/my-account">My Account</Link> and choose <strong>Set up two-factor sign-in</strong>.
            </li>
            <li>Enter your password, then scan the QR code with your authenticator app.</li>
            <li>Type the 6-digit code the app shows to confirm.</li>
            <li>Save your backup codes somewhere safe, such as a password manager. You can make new ones at any time in My Account.</li>
          </ol>
        ),
      },
      {
        q: 'I lost my phone or changed apps',
        a: (
          <p>
            On the sign-in screen, tick “Use a backup code instead” and enter one of your backup codes. Each code works once. Then turn
            two-factor sign-in off and on again in My Account to link your new phone. If you have no backup codes left, use the{' '}
            <Link to="/contact">contact form</Link> from your account’s email address.
          </p>
        ),
      },
    ],
  },
  {
    id: 'privacy-safety',
    title: 'Privacy and safety',
    icon: ShieldHalf,
    questions: [
      {
        q: 'How does blocking work?',
        a: (
          <p>
            Blocking works both ways: once you block a member, neither of you sees the other in Discover, Members, Who’s Near, Search or
            Messages, and neither of you can message the other. They are not told. You can see and undo your blocks in{' '}
            <Link to="/privacy-settings">Privacy Settings</Link>.
          </p>
        ),
      },
      {
        q: 'What does Anonymous Mode do?',
        a: (
          <p>
            It takes your profile out of Discover, Members, Who’s Near and search results, so new people cannot come across you. Turn it on
            or off in <Link to="/privacy-settings">Privacy Settings</Link>.
          </p>
        ),
      },
      {
        q: 'Can other members see where I am?',
        a: (
          <>
            <p>
              Never precisely. We round your position to a grid of about 1 km before we store it, and we never keep the exact one. Other
              members only see an approximate distance in miles, in coarse steps, so nobody can work out where you live by measuring from
              different places.
            </p>
            <p>
              Turn on <strong>Hide Location</strong> in <Link to="/privacy-settings">Privacy Settings</Link> to hide your town and distance
              completely, and <strong>Hide Last Active</strong> to hide when you were last online.
            </p>
          </>
        ),
      },
      {
        q: 'Tips for meeting safely',
        a: (
          <ul>
            <li>Chat on {siteName} first and take your time; you never have to share your number.</li>
            <li>Meet somewhere public first, and tell a friend where you are going.</li>
            <li>Look for the verified badge, and ask for a verification photo if you are unsure.</li>
            <li>Talk about boundaries and consent before you meet. Anyone can change their mind at any time.</li>
            <li>Never send money to someone you have not met.</li>
          </ul>
        ),
      },
    ],
  },
  {
    id: 'verification',
    title: 'Verification',
    icon: BadgeCheck,
    questions: [
      {
        q: 'What is verification?',
        a: (
          <p>
            A verified badge shows other members that you are who your photos say you are. You can verify with a photo, as a couple, as an
            individual, as a content creator or for VIP status, from the <Link to="/verification">Verification</Link> centre.
          </p>
        ),
      },
      {
        q: 'How long does it take?',
        a: <p>A moderator reviews each request by hand. Review takes 24-48 hours, and the badge appears on your profile when approved.</p>,
      },
      {
        q: 'What photo do you need?',
        a: <p>A clear, recent photo of you, under {mb(limits.imageMaxBytes)}. The request screen tells you what it needs.</p>,
      },
      {
        q: 'Who sees my verification photo?',
        a: <p>Only you and our moderators. Verification photos never appear on your profile or anywhere else on the site.</p>,
      },
    ],
  },
  {
    id: 'photos',
    title: 'Photos',
    icon: Camera,
    questions: [
      {
        q: 'What can I upload?',
        a: (
          <p>
            A profile photo, a cover photo and up to {GALLERY_MAX_PHOTOS} gallery photos, from <Link to="/edit-profile">Edit Profile</Link>:
            JPEG, PNG, WebP or GIF, each under {mb(limits.imageMaxBytes)}. Only upload pictures of yourself, or of people who have agreed to
            be shown. Our <Link to="/terms">terms</Link> list what is not allowed.
          </p>
        ),
      },
      {
        q: 'Is hidden information removed from my photos?',
        a: (
          <p>
            Yes. Every image is re-saved on upload with all metadata removed, including the GPS position and camera details that phones add.
          </p>
        ),
      },
      {
        q: 'Who can see my photos?',
        a: (
          <p>
            Your profile, cover and gallery photos are shown to signed-in members who can see your profile (never to members on either side
            of a block). Verification photos are never shown to other members.
          </p>
        ),
      },
    ],
  },
  {
    id: 'reporting',
    title: 'Reporting a problem',
    icon: Flag,
    questions: [
      {
        q: 'Someone is making me uncomfortable',
        a: (
          <p>
            Block them first: it takes effect at once, both ways. Then report them, or the message or photo that upset you: a moderator
            reads every report, and the member is not told who reported them.
          </p>
        ),
      },
      {
        q: 'I think a profile is fake, underage or breaks the rules',
        a: (
          <p>
            Report the profile, or tell us through the <Link to="/contact">contact form</Link> with the username. We treat anything
            suggesting a member may be under 18 as urgent and suspend the account while we check.
          </p>
        ),
      },
      {
        q: 'I am in danger',
        a: (
          <p>
            Call <strong>999</strong> in an emergency. To report a crime that is not an emergency, call <strong>101</strong>. We help the
            police with lawful requests.
          </p>
        ),
      },
    ],
  },
];

function Question({ q, children }: { q: string; children: ReactNode }) {
  return (
    <details className="group border-b border-line last:border-b-0">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-1 py-2 font-medium hover:text-pink-200 [&::-webkit-details-marker]:hidden">
        <span>{q}</span>
        <ChevronDown aria-hidden size={18} className="shrink-0 text-muted transition-transform group-open:rotate-180" />
      </summary>
      <Prose className="px-1 pb-4 text-muted">{children}</Prose>
    </details>
  );
}

export default function HelpPage() {
  return (
    <div className="grid gap-6">
      <PageIntro title="Help centre" lead={`Answers to the questions members ask most about ${siteName}.`} />

      <nav aria-label="Help topics">
        <ul className="flex flex-wrap gap-2">
          {topics.map(({ id, title, icon: TopicIcon }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-card px-3 text-sm hover:bg-raised"
              >
                <TopicIcon aria-hidden size={16} className="text-pink-300" />
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {topics.map(({ id, title, icon: TopicIcon, questions }) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-28 gap-2">
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-semibold">
            <TopicIcon aria-hidden size={20} className="text-pink-300" />
            {title}
          </h2>
          <Card className="py-1">
            {questions.map(({ q, a }) => (
              <Question key={q} q={q}>
                {a}
              </Question>
            ))}
          </Card>
        </section>
      ))}

      <Card className="grid justify-items-start gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <LifeBuoy aria-hidden size={20} className="text-pink-300" />
          Still need help?
        </h2>
        <p className="text-sm text-muted">Write to us and a person will reply by email.</p>
        <Link to="/contact" className={buttonClass('primary')}>
          Contact us
        </Link>
      </Card>
    </div>
  );
}
