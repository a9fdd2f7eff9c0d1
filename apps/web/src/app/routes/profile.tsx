import { CLIENT_MESSAGES, MESSAGES } from '@lede/shared/constants';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { usePageTitle } from '@/components/use-page-title';
import { useReaderLists, useStreak } from '@/features/articles/api/reader';
import { ArticleList } from '@/features/articles/components/article-list';
import { codeErrorText, isDeadCodeError, resendCode } from '@/features/auth/api/auth';
import { FeedSettings } from '@/features/feed/components/feed-settings';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { AccountActions } from '@/features/profile/components/account-actions';
import { ActivityList } from '@/features/profile/components/activity-list';
import { ProfileCard, type EmailChallenge } from '@/features/profile/components/profile-card';
import { StatsCard } from '@/features/profile/components/stats-card';
import {
  useConfirmEmailChange,
  useRequestEmailChange,
} from '@/features/profile/hooks/use-profile-mutations';
import { useSavedArticles } from '@/features/saved/api/saved';
import { useSessionUser } from '@/lib/session/use-session';
import { toast } from '@/lib/toast';

function SavedTab() {
  const saved = useSavedArticles();
  if (saved.isError) return <QueryError error={saved.error} onRetry={() => void saved.refetch()} />;
  const articles = saved.data?.map((e) => e.article_id);
  return (
    <div className="flex flex-col gap-4">
      {articles && articles.length > 0 && (
        <Link to="/saved" className="link self-end text-sm">
          Open the Saved page
        </Link>
      )}
      <ArticleList
        label="Saved articles"
        articles={articles}
        loading={saved.isPending}
        skeletons={2}
        columns="sm:grid-cols-2 xl:grid-cols-3"
        empty={<p className="card p-8 text-center text-muted">No saved articles yet</p>}
      />
    </div>
  );
}

/** The stats card, fed with the reader's streak and lists from the articles feature. */
function Stats() {
  const streak = useStreak();
  const lists = useReaderLists();
  return (
    <StatsCard streak={streak.data ?? 0} likes={lists.liked.length} saves={lists.saved.length} />
  );
}

const tabClass =
  'rounded-lg px-4 py-2 text-sm font-semibold text-muted hover:text-fg data-[state=active]:bg-raised data-[state=active]:text-fg data-[state=active]:shadow-sm';

export default function ProfilePage() {
  usePageTitle('Profile');
  const user = useSessionUser();
  const [challenge, setChallenge] = useState<EmailChallenge | null>(null);
  const requestEmailChange = useRequestEmailChange();
  const confirmEmailChange = useConfirmEmailChange();
  if (!user) return <Navigate to="/login" replace />;

  if (challenge) {
    return (
      <CodeEntry
        purpose="change_email"
        email={challenge.email}
        onBack={() => setChallenge(null)}
        onResend={resendCode(
          () =>
            requestEmailChange.mutateAsync({
              email: challenge.email,
              password: challenge.password,
            }),
          (hash) => setChallenge({ ...challenge, hash }),
        )}
        onVerify={async (code) => {
          try {
            await confirmEmailChange.mutateAsync({
              email: challenge.email,
              otp: code,
              hash: challenge.hash,
            });
          } catch (err) {
            const text = codeErrorText(err, CLIENT_MESSAGES.data.changeEmail);
            if (isDeadCodeError(err)) {
              toast.error(text);
              setChallenge(null);
              return;
            }
            throw new Error(text);
          }
          toast.success(MESSAGES.profile.profileUpdated);
          setChallenge(null);
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Profile</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
        <div className="flex flex-col gap-6">
          <ProfileCard user={user} onEmailChallenge={setChallenge} />
          <Stats />
          <AccountActions />
        </div>
        {/* The wide column: the feed's settings (rows of text and buttons need the width), then
            the reader's articles, whose length has no bound. */}
        <div className="flex min-w-0 flex-col gap-6">
          <FeedSettings />
          <ProfileTabs />
        </div>
      </div>
    </div>
  );
}

/** Saved Articles and Activity (spec: the right side of the profile). */
function ProfileTabs() {
  return (
    <Tabs.Root defaultValue="saved" className="flex min-w-0 flex-col gap-4">
      <Tabs.List
        aria-label="Your articles"
        className="flex gap-1 self-start rounded-xl bg-surface p-1"
      >
        <Tabs.Trigger value="saved" className={tabClass}>
          Saved Articles
        </Tabs.Trigger>
        <Tabs.Trigger value="activity" className={tabClass}>
          Activity
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="saved">
        <SavedTab />
      </Tabs.Content>
      <Tabs.Content value="activity">
        <ActivityList />
      </Tabs.Content>
    </Tabs.Root>
  );
}
