import { Link } from 'react-router';
import { Check, Info } from 'lucide-react';
import { GALLERY_MAX_PHOTOS } from '@velvet/core/schemas/media.schema';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LabelBadge } from '../../components/ui/Badge';
import { siteName } from '../../lib/site';
import { useSession } from '../../lib/session';
import { PageIntro, Prose } from './Prose';

/** What a member gets today: only what is built (no payments exist, so nothing is for sale). */
const included = [
  'Your profile, for a single, a couple or a group',
  `A profile photo, a cover photo and a gallery of up to ${GALLERY_MAX_PHOTOS} photos`,
  'Discover, with likes and matches',
  'Browse and search members, and save your searches',
  'Who’s Near, with approximate distances',
  'Looked @ Me: who viewed your profile',
  'Private messages',
  'Photo, couple, individual, creator and VIP verification',
  'Anonymous Mode, hidden location, hidden last active and blocking',
  'Reporting members, messages and photos to our moderators',
  'Two-factor sign-in',
  'Download your data, or delete your account, whenever you like',
];

export default function PricingPage() {
  const { isAuthenticated } = useSession();
  return (
    <div className="grid gap-6">
      <PageIntro title="Pricing" lead={`${siteName} is free. Everything below works today, for every member.`} />

      <div role="note" className="flex gap-3 rounded-2xl border border-line bg-raised p-4 text-sm">
        <Info aria-hidden size={20} className="mt-0.5 shrink-0 text-pink-300" />
        <p>
          <span className="font-semibold">There is nothing to buy.</span>{' '}
          <span className="text-muted">{siteName} has no paid plans and takes no payments, so we will never ask you for card details.</span>
        </p>
      </div>

      <Card className="grid content-start gap-4 border-pink-500/50 p-5 sm:max-w-lg">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-xl font-semibold">Free</h2>
          <LabelBadge tone="success">Available now</LabelBadge>
        </div>
        <p className="grid">
          <span className="text-3xl font-bold">£0</span>
          <span className="text-sm text-muted">The only plan</span>
        </p>
        <ul className="grid gap-2 text-sm" aria-label="Included in Free">
          {included.map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden size={18} className="shrink-0 text-success" />
              {item}
            </li>
          ))}
        </ul>
        {isAuthenticated ? (
          <p className="text-sm text-muted">You have all of it already.</p>
        ) : (
          <Link to="/signup" className={buttonClass('primary', 'w-full')}>
            Join Now, free
          </Link>
        )}
      </Card>

      <section aria-labelledby="pricing-questions" className="grid gap-3">
        <h2 id="pricing-questions" className="text-xl font-semibold">
          Questions about paying
        </h2>
        <Prose>
          <h3>Do I need to pay to meet people?</h3>
          <p>No. Profiles, Discover, Who’s Near, search, messages and verification are free for every member.</p>
          <h3>Is there a Premium or VIP plan?</h3>
          <p>
            No. A VIP verification gives you a badge on your profile; it does not unlock anything paid, because nothing on {siteName} is
            paid.
          </p>
          <h3>Will that change?</h3>
          <p>
            If we ever add something paid, it will be listed on this page with its price in pounds before anyone can pay, and our{' '}
            <Link to="/terms">terms</Link> will say what applies.
          </p>
          <h3>Questions?</h3>
          <p>
            Ask us through the <Link to="/contact">contact form</Link>.
          </p>
        </Prose>
      </section>
    </div>
  );
}
