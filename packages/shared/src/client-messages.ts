/**
 * Texts of the spec's error catalogue and toasts that only the web client shows (the API never
 * sends them). Shared texts that both sides use are in messages.ts.
 */
export const CLIENT_MESSAGES = {
  auth: {
    newOtpSent: 'New OTP sent to your email!',
    codeExpired: 'Code has expired',
  },
  data: {
    articleFetch: 'Article fetch failed',
    latestFetch: 'Latest articles fetch failed',
    trendingFetch: 'Trending articles fetch failed',
    searchFetch: 'An unexpected error occurred',
    like: 'Like article failed',
    dislike: 'Dislike article failed',
    save: 'Save article failed',
    share: 'Share article failed',
    likedIds: 'Failed to fetch liked articles',
    dislikedIds: 'Failed to fetch disliked articles',
    savedIds: 'Failed to fetch saved articles',
    recommendations: 'Failed to fetch recommendations',
    refreshRecommendations: 'Failed to refresh recommendations',
    unexpected: 'An unexpected error occurred',
    changeName: 'An error occurred while changing the name.',
    changeEmail: 'An error occurred while changing the email.',
    changeTheme: 'An error occurred while changing the theme.',
    resetInterests: 'An error occurred while resetting interests.',
    deleteAccount: 'An error occurred while deleting the account.',
    updateInterests: 'An error occurred while updating interests.',
    streak: 'An error occurred while retrieving streak data.',
    activity: 'An error occurred while retrieving recent activity.',
  },
  /** The password step of a sensitive change asked for outside the re-authentication window. */
  reauth: {
    label: 'Current password',
    hint: 'For your security, confirm your password to continue.',
  },
  picture: {
    network: 'Network error: Unable to connect to server',
    server: (status: number) => `Server error: ${status}`,
  },
  toasts: {
    linkCopied: 'Link copied!',
    resetPasswordFailed: 'Failed to reset password',
    likeStatusFailed: 'Failed to update like status',
    resetInterestsFailed: 'Failed to reset interests. Please try again.',
    deleteAccountFailed: 'Failed to delete account. Please try again.',
    savePreferencesFailed: 'Failed to save preferences. Please try again.',
    savePreferencesError: 'An error occurred while saving preferences.',
  },
} as const;

/**
 * Under the sign-up code boxes: an address that has an account is mailed a sign-in link, not a
 * code. Its own export, so only the sign-up screen's chunk carries it.
 */
export const SIGNUP_TAKEN_ADDRESS_HINT =
  'Already have an account with this address? We e-mailed you a sign-in link instead.';
