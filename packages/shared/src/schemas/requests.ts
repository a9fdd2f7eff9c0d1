import type { z } from 'zod';
import {
  articleActionBody,
  articleByIdQuery,
  articleByKeywordQuery,
  changeEmailBody,
  editNameBody,
  markAsReadBody,
  pageQuery,
  recentActivityQuery,
  savedArticlesQuery,
  setInterestsBody,
  timezoneBody,
  toggleThemeBody,
  updateProfilePictureBody,
} from './articles.js';
import {
  forgotPasswordRequest,
  loginRequest,
  resetPasswordRequest,
  sendOtpRequest,
  signupRequest,
  verifyCredentialsRequest,
  verifyOtpRequest,
  verifyPasswordResetOtpRequest,
} from './auth.js';
import {
  fewerLikeThisBody,
  forgetTopicBody,
  sourceControlBody,
  unmuteTopicBody,
} from './recommendations.js';

/** What a route reads from its JSON body and from its query string. */
export interface RequestContract {
  body?: z.ZodType;
  query?: z.ZodType;
  /** Needs a signed-in reader. */
  signedIn?: boolean;
}

/** The input contract of every route that takes input; the API parses each with these. */
export const REQUESTS = {
  'POST /api/auth/send-otp': { body: sendOtpRequest },
  'POST /api/auth/verify-credentials-send-otp': { body: verifyCredentialsRequest },
  'POST /api/auth/verify-otp': { body: verifyOtpRequest },
  'POST /api/auth/signup': { body: signupRequest },
  'POST /api/auth/login': { body: loginRequest },
  'POST /api/auth/forgot-password': { body: forgotPasswordRequest },
  'POST /api/auth/verify-password-reset-otp': { body: verifyPasswordResetOtpRequest },
  'POST /api/auth/reset-password': { body: resetPasswordRequest },

  'GET /api/articles/getlatestarticles': { query: pageQuery },
  'GET /api/articles/getlatesttrendingarticles': { query: pageQuery },
  'GET /api/articles/getarticlebyid': { query: articleByIdQuery },
  'GET /api/articles/getarticlebykeyword': { query: articleByKeywordQuery },
  'GET /api/articles/getsavedarticles': { query: savedArticlesQuery, signedIn: true },
  'POST /api/articles/markviewed': { body: articleActionBody, signedIn: true },

  'POST /api/userinteractions/like': { body: articleActionBody, signedIn: true },
  'POST /api/userinteractions/dislike': { body: articleActionBody, signedIn: true },
  'POST /api/userinteractions/save': { body: articleActionBody, signedIn: true },
  'POST /api/userinteractions/share': { body: articleActionBody, signedIn: true },
  'GET /api/userinteractions/recentactivity': { query: recentActivityQuery, signedIn: true },

  'POST /api/recommendations/markasread': { body: markAsReadBody, signedIn: true },
  'POST /api/recommendations/fewerlikethis': { body: fewerLikeThisBody, signedIn: true },
  'POST /api/recommendations/hidesource': { body: sourceControlBody, signedIn: true },
  'POST /api/recommendations/unhidesource': { body: sourceControlBody, signedIn: true },
  'POST /api/recommendations/unmutetopic': { body: unmuteTopicBody, signedIn: true },
  'POST /api/recommendations/forgettopic': { body: forgetTopicBody, signedIn: true },

  'PUT /api/profile/editname': { body: editNameBody, signedIn: true },
  'PUT /api/profile/changeemail': { body: changeEmailBody, signedIn: true },
  'PUT /api/profile/toggletheme': { body: toggleThemeBody, signedIn: true },
  'PUT /api/profile/timezone': { body: timezoneBody, signedIn: true },
  'POST /api/profile/setinterests': { body: setInterestsBody, signedIn: true },
  'PUT /api/profile/updateprofilepicture': { body: updateProfilePictureBody, signedIn: true },
} satisfies Record<string, RequestContract>;
