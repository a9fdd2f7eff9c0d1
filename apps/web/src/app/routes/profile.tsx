import { CLIENT_MESSAGES, MESSAGES } from '@lede/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { FeedSettings } from '@/features/feed/components/feed-settings';
import { EditionSettings } from '@/features/edition/components/edition-settings';
import { NeedsConnection } from '@/features/offline/components/needs-connection';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { useCodeChallenge } from '@/features/auth/hooks/use-code-challenge';
import { AccountActions } from '@/features/profile/components/account-actions';
import { ProfileCard, type EmailChallenge } from '@/features/profile/components/profile-card';
import { StatsCard } from '@/features/profile/components/stats-card';
import {
  useConfirmEmailChange,
  useRequestEmailChange,
} from '@/features/profile/hooks/use-profile-mutations';
import {
  useActivity,
  useReaderLists,
  useStreak,
} from '@/features/reader-actions/api/reader-actions';
import { useOnline } from '@/lib/online';
import { useSessionUser } from '@/lib/session/use-session';
import { toast } from '@/lib/toast';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { paths } from '@/lib/paths';
import { ProfileTabs } from '../profile-tabs';

/** The stats card, fed with the reader's streak and lists (reader-actions). */
function Stats() {
  const streak = useStreak();
  const lists = useReaderLists();
  const activity = useActivity();
  const shares = activity.data?.filter((a) => a.action === 'share').length ?? 0;
  return (
    <StatsCard
      streak={streak.data ?? 0}
      likes={lists.liked.length}
      saves={lists.saved.length}
      shares={shares}
    />
  );
}

export default function ProfilePage() {
  usePageTitle('Profile');
  const user = useSessionUser();
  const codes = useCodeChallenge<EmailChallenge>();
  const requestEmailChange = useRequestEmailChange();
  const confirmEmailChange = useConfirmEmailChange();
  const online = useOnline();
  const qc = useQueryClient();
  if (!user) return <Navigate to={paths.login()} replace />;

  const codeEntry = codes.codeEntry({
    purpose: 'change_email',
    send: ({ email, password }) => requestEmailChange.mutateAsync({ email, password }),
    verify: ({ email, hash }, otp) => confirmEmailChange.mutateAsync({ email, otp, hash }),
    verifyFallback: CLIENT_MESSAGES.data.changeEmail,
    onVerified: () => {
      toast.success(MESSAGES.profile.profileUpdated);
      codes.backToForm();
    },
  });
  if (codeEntry) return <CodeEntry {...codeEntry} />;

  return (
    <ArticleActionsProvider>
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-extrabold tracking-tight">Profile</h1>
        {/* Every part of the profile reads or changes the account on the server. */}
        {!online ? (
          <NeedsConnection onRetry={() => void qc.refetchQueries({ type: 'active' })} />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
            <div className="flex flex-col gap-6">
              <ProfileCard user={user} onEmailChallenge={codes.open} />
              <Stats />
              <AccountActions />
            </div>
            {/* The wide column: the feed's settings (rows of text and buttons need the width), then
            the reader's articles, whose length has no bound. */}
            <div className="flex min-w-0 flex-col gap-6">
              <FeedSettings />
              <EditionSettings />
              <ProfileTabs />
            </div>
          </div>
        )}
      </div>
    </ArticleActionsProvider>
  );
}
