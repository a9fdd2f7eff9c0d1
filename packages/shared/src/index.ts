export * from './categories.js';
export * from './email.js';
export * from './messages.js';
export * from './otp.js';
export * from './password.js';
export * from './schemas/common.js';
export * from './schemas/user.js';
export * from './schemas/auth.js';
