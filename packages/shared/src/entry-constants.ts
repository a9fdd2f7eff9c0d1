/**
 * `@lede/shared/constants`: the plain data of the contract (categories, messages, error codes,
 * limits, the OTP and password rules) without zod, for client code that shows or checks things
 * but validates no schema: importing it never puts the schema library into a page. The types
 * come along as types only (erased from the build). Everything with a schema stays in
 * `@lede/shared`.
 */
export * from './categories.js';
export * from './constants.js';
export * from './client-messages.js';
export * from './email.js';
export * from './field-checks.js';
export * from './limits.js';
export * from './messages.js';
export * from './error-codes.js';
export * from './otp.js';
export * from './password.js';
export * from './routes/pages.js';
export type * from './schemas/common.js';
export type * from './schemas/system.js';
export type * from './schemas/auth.js';
export type * from './schemas/articles.js';
export type * from './schemas/reader-actions.js';
export type * from './schemas/profile.js';
export type * from './schemas/feed.js';
