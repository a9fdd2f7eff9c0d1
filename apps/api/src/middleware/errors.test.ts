import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@lede/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/errors.js';
import { createLogger } from '../lib/logger.js';
import { errorHandler } from './errors.js';

const req = { method: 'GET', originalUrl: '/api/x' } as Request;

function fakeResponse(headersSent: boolean) {
  const res = { headersSent, status: vi.fn(), json: vi.fn() };
  res.status.mockReturnValue(res);
  return res;
}

describe('errorHandler', () => {
  it('answers JSON with the error status, message and code', () => {
    const res = fakeResponse(false);
    const next = vi.fn();
    errorHandler(createLogger('silent'))(
      ApiError.conflict(MESSAGES.auth.emailTaken),
      req,
      res as unknown as Response,
      next as NextFunction,
    );
    expect(res.status).toHaveBeenCalledWith(409);
    expect(res.json).toHaveBeenCalledWith({
      message: MESSAGES.auth.emailTaken,
      code: 'EMAIL_TAKEN',
    });
    expect(next).not.toHaveBeenCalled();
  });

  it('hands a failure after the headers were sent to Express, which closes the response', () => {
    const res = fakeResponse(true);
    const next = vi.fn();
    const err = new Error('stream broke');
    errorHandler(createLogger('silent'))(
      err,
      req,
      res as unknown as Response,
      next as NextFunction,
    );
    expect(next).toHaveBeenCalledWith(err);
    expect(res.status).not.toHaveBeenCalled();
  });
});
