import { useState, type ComponentType } from 'react';
import { messages } from '@velvet/core/messages';
import { canModerate, isAdmin } from '@velvet/core/constants/roles';
import { Tabs, TabPanel } from '../../components/ui/Tabs';
import { AccessDenied } from '../../app/errors/AccessDenied';
import { useSession } from '../../lib/session';
import { AuditLog } from './AuditLog';
import { ReportsQueue } from './ReportsQueue';
import { RolesSection } from './RolesSection';
import { SuspendedMembers } from './SuspendedMembers';
import { VerificationQueue } from '../verification/admin/VerificationQueue';
import { ClubSuggestionsQueue } from '../clubs/admin/ClubSuggestionsQueue';

const m = messages.moderation;

interface AdminSection {
  id: string;
  label: string;
  Component: ComponentType;
  /** for admins only (moderators do not see the tab; the API refuses them too) */
  adminOnly?: boolean;
}

/** The moderation screen's tabs, in order: a new queue is one more line here. */
const adminSections: AdminSection[] = [
  { id: 'reports', label: m.reportsTab, Component: ReportsQueue },
  { id: 'verifications', label: messages.verification.queueTitle, Component: VerificationQueue },
  { id: 'club-suggestions', label: 'Club suggestions', Component: ClubSuggestionsQueue },
  { id: 'suspended', label: 'Suspended', Component: SuspendedMembers },
  { id: 'roles', label: m.rolesTab, Component: RolesSection, adminOnly: true },
  { id: 'audit', label: m.auditTab, Component: AuditLog, adminOnly: true },
];

/** /admin: moderators and admins; everyone else sees Access Denied (and the API answers them 403). */
export default function AdminPage() {
  const { user } = useSession();
  const sections = adminSections.filter((s) => !s.adminOnly || isAdmin(user?.role));
  const [tab, setTab] = useState(sections[0]!.id);
  if (!canModerate(user?.role)) return <AccessDenied />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">{m.pageTitle}</h1>
      <Tabs label={m.pageTitle} items={sections.map((s) => ({ value: s.id, label: s.label }))} value={tab} onChange={setTab}>
        {sections
          .filter((s) => s.id === tab)
          .map(({ id, Component }) => (
            <TabPanel key={id} value={id}>
              <Component />
            </TabPanel>
          ))}
      </Tabs>
    </div>
  );
}
