export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PATTERN = /^\d{6}$/;
export const OTP_PURPOSES = ['signup', 'login', 'password_reset', 'change_email'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
