import { type ErrorBody, type ErrorItem, HTTP_STATUS } from '@veracity/contracts/errors';

/**
 * An error the API answers on purpose: a status from the contract and a body the dashboard turns into
 * the spec's message. Services throw it; the error handler sends it as it is.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : body.map((item) => item.code).join(', '));
  }

  static badRequest(body: ErrorBody): ApiError {
    return new ApiError(HTTP_STATUS.BAD_REQUEST, body);
  }

  static fields(items: ErrorItem[]): ApiError {
    return new ApiError(HTTP_STATUS.BAD_REQUEST, items);
  }

  static unauthorized(message = 'Authentication required'): ApiError {
    return new ApiError(HTTP_STATUS.UNAUTHORIZED, message);
  }

  static forbidden(message = 'You do not have permission to do this'): ApiError {
    return new ApiError(HTTP_STATUS.FORBIDDEN, message);
  }

  static notFound(message = 'Not found'): ApiError {
    return new ApiError(HTTP_STATUS.NOT_FOUND, message);
  }

  static conflict(body: ErrorBody): ApiError {
    return new ApiError(HTTP_STATUS.CONFLICT, body);
  }
}
