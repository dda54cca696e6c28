import { Link } from 'react-router';
import { siteName } from '../../lib/site';
import { Contents, LastUpdated, PageIntro, Prose, Section } from './Prose';

const sections = [
  { id: 'about', title: 'About these terms' },
  { id: 'eligibility', title: 'Who can join' },
  { id: 'account', title: 'Your account' },
  { id: 'conduct', title: 'How we treat each other' },
  { id: 'consent', title: 'Consent' },
  { id: 'content', title: 'What you post' },
  { id: 'verification', title: 'Verification' },
  { id: 'creators', title: 'Creators and payments' },
  { id: 'meeting', title: 'Meeting people' },
  { id: 'termination', title: 'Suspension and closing accounts' },
  { id: 'service', title: 'Our service' },
  { id: 'liability', title: 'Our responsibility to you' },
  { id: 'changes', title: 'Changes to these terms' },
  { id: 'law', title: 'Complaints and the law' },
];

export default function TermsPage() {
  return (
    <div className="grid gap-6">
      <PageIntro
        title="Terms of service"
        lead={`The agreement between you and us when you use ${siteName}, written to be read. Please read it before you join.`}
      >
        {' '}
        <LastUpdated date="26 November 2026" />
      </PageIntro>

      <Contents items={sections} />

      <Prose>
        <Section id="about" title="1. About these terms">
          <p>
            {siteName} is an online community for adults in the UK lifestyle scene: singles, couples and groups. “We”, “us” and “our” mean
            the operator of {siteName}; “you” means the person or people using an account. By creating an account or using the site you
            agree to these terms and to our <Link to="/privacy">privacy policy</Link>, which explains how we handle your information.
          </p>
          <p>
            You can reach us at any time through the <Link to="/contact">contact form</Link>.
          </p>
        </Section>

        <Section id="eligibility" title="2. Who can join">
          <ul>
            <li>
              You must be <strong>18 or over</strong>. For a couple or group account, every person on it must be 18 or over and agree to
              these terms.
            </li>
            <li>You must be able to enter a binding agreement and must not be barred from using the service under UK law.</li>
            <li>You must not have been convicted of a sexual offence, or be subject to any order restricting your contact with others.</li>
            <li>You must not have had an account closed by us for breaking these terms, unless we have agreed in writing.</li>
          </ul>
          <p>
            If we have reason to think someone on an account is under 18, we suspend the account at once while we check, and close it if we
            cannot confirm their age.
          </p>
        </Section>

        <Section id="account" title="3. Your account">
          <ul>
            <li>Give true information about yourself: your age, who is on the account and what you are looking for.</li>
            <li>Keep your password to yourself. We recommend turning on two-factor sign-in in My Account.</li>
            <li>You are responsible for what happens on your account. Tell us straight away if you think someone else has used it.</li>
            <li>One account per person, couple or group. Accounts cannot be sold or handed to someone else.</li>
          </ul>
        </Section>

        <Section id="conduct" title="4. How we treat each other">
          <p>The community works because members are respectful and discreet. You must not:</p>
          <ul>
            <li>
              harass, threaten, stalk, bully or intimidate anyone, or keep contacting someone who has asked you to stop or blocked you;
            </li>
            <li>
              post or send hateful content about anyone’s race, religion, sex, gender identity, sexual orientation, disability or age;
            </li>
            <li>pretend to be someone else, or use someone else’s photos;</li>
            <li>
              share another member’s personal details, photos, messages or identity outside {siteName}, or try to find out where someone
              lives (“outing” or “doxxing” a member is never acceptable);
            </li>
            <li>offer or ask for sex in exchange for money or anything else of value, or advertise any commercial sexual service;</li>
            <li>send spam, chain messages, advertising or links to other sites, or ask members for money;</li>
            <li>collect information about members by automated means, or interfere with the site’s security or working;</li>
            <li>use {siteName} for anything that is illegal in the UK.</li>
          </ul>
        </Section>

        <Section id="consent" title="5. Consent">
          <p>Consent is at the heart of the lifestyle, and of these terms.</p>
          <ul>
            <li>
              Consent must be clear, freely given and can be withdrawn at any time, online and in person. Being a member, agreeing to chat
              or agreeing to meet is not consent to anything else.
            </li>
            <li>Respect boundaries that members set, and the rules of any club or event you meet at.</li>
            <li>Do not send explicit photos or messages to anyone who has not asked for them.</li>
            <li>
              Never photograph or film anyone, or share an image of them, without their clear agreement. Sharing intimate images of someone
              without their consent is a criminal offence in the UK, and we report it to the police.
            </li>
          </ul>
        </Section>

        <Section id="content" title="6. What you post">
          <p>
            You keep ownership of the photos and words you post. You give us a licence to store, copy, resize and show them on {siteName} to
            the members who can see your profile, for as long as they are on the site, so that we can run the service. The licence ends when
            you delete them or your account.
          </p>
          <p>
            You must only post content that you have the right to share, and that shows only people who are 18 or over and have agreed to be
            shown. Never post:
          </p>
          <ul>
            <li>anything showing, or appearing to show, anyone under 18;</li>
            <li>anything showing a person who has not agreed to it, or who could not agree;</li>
            <li>extreme pornography, sexual violence, or anything else illegal to possess or publish in the UK;</li>
            <li>content that you copied from someone else, or that infringes anyone’s copyright or privacy;</li>
            <li>personal details such as phone numbers, addresses or links to other profiles in public parts of your profile.</li>
          </ul>
          <p>
            Your profile, cover and gallery photos are seen by every signed-in member who can see your profile: keep them free of explicit
            sexual activity.
          </p>
          <p>We may remove content that breaks these terms, and we remove illegal content as soon as we become aware of it.</p>
        </Section>

        <Section id="verification" title="7. Verification">
          <p>
            A verified badge means a moderator compared a verification photo with the profile and was satisfied. It is not a guarantee of
            who a member is, of their age or of their intentions, and we do not carry out criminal record checks. Verification photos are
            seen only by you and our moderators. We may remove a badge if we later find it was obtained dishonestly.
          </p>
        </Section>

        <Section id="creators" title="8. Creators and payments">
          <ul>
            <li>
              Members who mark themselves as content creators must own all rights in the photos they post and must hold proof that everyone
              shown is 18 or over and agreed to the photo being taken and shared. You must give us that proof if we ask for it.
            </li>
            <li>
              {siteName} is free: there are no paid plans and no paid content, and nobody can take or make a payment through it. See{' '}
              <Link to="/pricing">pricing</Link>. If that ever changes, these terms will change first, as section 13 describes.
            </li>
          </ul>
        </Section>

        <Section id="meeting" title="9. Meeting people">
          <p>
            We do not check members’ backgrounds and we cannot control what happens when members meet. You are responsible for your own
            safety and decisions. Take care: our <Link to="/help#privacy-safety">safety tips</Link> can help, and in an emergency call 999.
          </p>
        </Section>

        <Section id="termination" title="10. Suspension and closing accounts">
          <ul>
            <li>
              You can stop using {siteName} and delete your account yourself at any time, in <Link to="/my-account">My Account</Link>.
            </li>
            <li>
              We may remove content, limit features, or suspend or close an account if we reasonably believe it breaks these terms, puts
              others at risk or exposes us to legal action. Where it is safe and lawful to do so, we will tell you why and give you a chance
              to reply.
            </li>
            <li>
              If you think we got it wrong, write to us through the <Link to="/contact">contact form</Link> and a different person will look
              again.
            </li>
            <li>
              When an account is deleted, its information goes as set out in our <Link to="/privacy#retention">privacy policy</Link>.
            </li>
          </ul>
        </Section>

        <Section id="service" title="11. Our service">
          <p>
            We work to keep {siteName} running safely and well, but we cannot promise it will always be available or free of faults. We may
            change, add or withdraw features. Some parts of the site are still being built and say so; we will not charge for anything that
            is not yet available.
          </p>
        </Section>

        <Section id="liability" title="12. Our responsibility to you">
          <ul>
            <li>
              Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything
              else that cannot be limited under UK law, and nothing affects your statutory rights as a consumer.
            </li>
            <li>
              We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable
              care. We are not responsible for loss that was not foreseeable, for business losses, or for what other members say or do,
              online or when you meet.
            </li>
          </ul>
        </Section>

        <Section id="changes" title="13. Changes to these terms">
          <p>
            We may update these terms to reflect changes to the service or the law. If a change matters to you, we will tell you by email or
            on the site at least 30 days before it takes effect, unless the change is needed sooner for safety or legal reasons. If you do
            not agree, you can close your account before then.
          </p>
        </Section>

        <Section id="law" title="14. Complaints and the law">
          <p>
            If something goes wrong, tell us through the <Link to="/contact">contact form</Link> and we will try to put it right. These
            terms are governed by the law of England and Wales, and disputes go to the courts of England and Wales. If you live in Scotland
            or Northern Ireland, you may also bring proceedings in your local courts, and the mandatory consumer law of your home nation
            still applies.
          </p>
        </Section>
      </Prose>
    </div>
  );
}
