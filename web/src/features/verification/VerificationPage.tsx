import { useSearchParams } from 'react-router';
import { BadgeCheck, Camera, Crown, Heart, ShieldCheck, Star, User, type LucideIcon } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import {
  VERIFICATION_STATUS_LABELS,
  VERIFICATION_TYPE_LABELS,
  VERIFICATION_TYPES,
  type MyVerificationsResponse,
  type VerificationState,
  type VerificationType,
} from '@velvet/core/schemas/verification.schema';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { VerificationBadge } from '../../components/ui/MemberBadges';
import { useMyVerifications } from './api/verifications';
import { VerificationFlow } from './components/VerificationFlow';

const m = messages.verification;

const TYPE_INFO: Record<VerificationType, { icon: LucideIcon; line: string }> = {
  photo: { icon: Camera, line: 'A selfie that proves you are the person in your photos. Earns the Verified tick.' },
  couple: { icon: Heart, line: 'Both partners in one photo. Earns the Verified Couple badge.' },
  individual: { icon: User, line: 'Your name, age and a photo. Earns the Standard badge.' },
  model: { icon: Star, line: 'For content creators. Earns the Creator badge and lets you publish premium or paid content.' },
  vip: { icon: Crown, line: 'For VIP members. Earns the Exclusive badge and premium membership.' },
};

const STATE_TONES: Record<VerificationState, string> = {
  approved: 'bg-success/20 text-success',
  pending: 'bg-amber-500/20 text-amber-300',
  rejected: 'bg-danger/20 text-red-300',
  not_started: 'bg-raised text-muted',
};

/** Each type's state: its newest request's status, or Not Started. */
function stateOf(data: MyVerificationsResponse, type: VerificationType): { state: VerificationState; reason: string | null } {
  const latest = data.verifications.find((v) => v.type === type);
  return { state: latest?.status ?? 'not_started', reason: latest?.rejectionReason ?? null };
}

const isType = (value: string | null): value is VerificationType => VERIFICATION_TYPES.some((t) => t === value);

/** /verification (spec §2 Verification center): instructions, the status overview, and the five flows. */
export default function VerificationPage() {
  const [params, setParams] = useSearchParams();
  const mine = useMyVerifications();
  const chosen = params.get('type');
  const back = () => setParams({}, { replace: false });

  if (mine.isPending)
    return (
      <div className="grid justify-items-center p-6">
        <Spinner label="Loading your verifications" />
      </div>
    );
  if (mine.isError)
    return <LoadError error={mine.error} what="your verifications" onRetry={() => void mine.refetch()} retrying={mine.isFetching} />;

  const data = mine.data;
  const types = VERIFICATION_TYPES.filter((t) => t !== 'couple' || data.coupleAllowed);
  const flowType = isType(chosen) && types.includes(chosen) ? chosen : null;

  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">{m.title}</h1>
        <p className="text-sm text-muted">{m.subtitle}</p>
      </div>
      {flowType ? (
        <VerificationFlow key={flowType} type={flowType} onBack={back} />
      ) : (
        <>
          <section aria-labelledby="how-title" className="grid gap-2 rounded-2xl border border-line bg-card p-4">
            <h2 id="how-title" className="flex items-center gap-2 text-lg font-semibold">
              <ShieldCheck aria-hidden size={20} className="text-brand-pink" /> How verification works
            </h2>
            <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted">
              <li>Choose a verification below and fill in your details.</li>
              <li>{m.photoAdvice}</li>
              <li>{m.reviewTime}</li>
            </ol>
            <p className="text-sm text-muted">{m.adminOnly}</p>
          </section>

          <section aria-labelledby="status-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="status-title" className="text-lg font-semibold">
                {m.statusTitle}
              </h2>
              <span className="text-sm text-muted">
                Trust score <strong className="text-ink">{data.summary.trustScore}</strong>/100
              </span>
            </div>
            {(data.summary.verified || data.summary.badges.length > 0) && (
              <div className="flex flex-wrap gap-1" aria-label="Your badges">
                {data.summary.verified && (
                  <span className="inline-flex items-center gap-0.5 rounded-full bg-purple-700 px-2 py-0.5 text-xs font-semibold text-white">
                    <BadgeCheck aria-hidden size={12} /> Verified
                  </span>
                )}
                {data.summary.badges.map((b) => (
                  <VerificationBadge key={b} type={b} />
                ))}
              </div>
            )}
            <ul className="grid gap-2" aria-label="Verification status">
              {types.map((type) => {
                const { state, reason } = stateOf(data, type);
                return (
                  <li key={type} className="grid gap-1 rounded-xl bg-raised px-3 py-2">
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-sm font-medium">{VERIFICATION_TYPE_LABELS[type]}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[state]}`}>
                        {VERIFICATION_STATUS_LABELS[state]}
                      </span>
                    </div>
                    {state === 'rejected' && reason && <p className="text-xs text-muted">Reason: {reason}</p>}
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="choose-title" className="grid gap-3">
            <h2 id="choose-title" className="text-lg font-semibold">
              {m.chooseTitle}
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {types.map((type) => {
                const { state } = stateOf(data, type);
                const { icon: Icon, line } = TYPE_INFO[type];
                const blocked = state === 'pending' || state === 'approved';
                return (
                  <li key={type}>
                    <button
                      type="button"
                      disabled={blocked}
                      onClick={() => setParams({ type })}
                      className="grid h-full w-full gap-1 rounded-2xl border border-line bg-card p-4 text-left hover:bg-raised disabled:cursor-not-allowed disabled:opacity-60"
                    >
                      <span className="flex items-center gap-2 font-semibold">
                        <Icon aria-hidden size={18} className="text-brand-pink" /> {VERIFICATION_TYPE_LABELS[type]}
                      </span>
                      <span className="text-sm text-muted">{line}</span>
                      {blocked && <span className="text-xs text-muted">{VERIFICATION_STATUS_LABELS[state]}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
