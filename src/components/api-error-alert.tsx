import { isApiError, InvalidRequestError, type ApiErrorDetail } from '@/lib/api-error';

export interface ApiErrorAlertProps {
  error: unknown;
  /** Shown for errors a second try can fix. */
  onRetry?: () => void;
  /** What "not found" means on this screen, e.g. "Course 42 not found". */
  notFoundMessage?: string;
}

interface Explained {
  title: string;
  detail: string | null;
  retryable: boolean;
}

export function explainApiError(detail: ApiErrorDetail, notFoundMessage?: string): Explained {
  switch (detail.kind) {
    case 'unauthorized':
      return detail.status === 403
        ? {
            title: 'This access token is not allowed to see this.',
            detail: detail.message ?? 'Ask your LMS administrator for access, or sign in with another token.',
            retryable: false,
          }
        : { title: 'The access token was rejected.', detail: 'Sign in again with a valid token.', retryable: false };
    case 'not_found':
      return { title: notFoundMessage ?? 'Not found.', detail: detail.message, retryable: false };
    case 'bad_request':
      return {
        title: 'The API refused the request.',
        detail: detail.message ?? `HTTP ${detail.status}`,
        retryable: false,
      };
    case 'rate_limited':
      return {
        title: 'The API is rate limiting requests.',
        detail:
          detail.retryAfterMs !== null
            ? `Waiting ${Math.ceil(Math.min(detail.retryAfterMs, 30_000) / 1000)} s before trying again.`
            : 'Waiting a moment before trying again.',
        retryable: true,
      };
    case 'server':
      return {
        title: detail.status === 502 ? 'The API cannot be reached.' : 'The API had a problem answering.',
        detail: detail.message ?? `HTTP ${detail.status}`,
        retryable: true,
      };
    case 'network':
      return {
        title: 'The API cannot be reached.',
        detail: 'Check your connection; the request did not get an answer.',
        retryable: true,
      };
    case 'timeout':
      return {
        title: 'The API took too long to answer.',
        detail: `No answer within ${Math.round(detail.timeoutMs / 1000)} s.`,
        retryable: true,
      };
    case 'invalid_response':
      return {
        title: 'The API sent an answer this app cannot read.',
        detail: detail.reason,
        retryable: true,
      };
  }
}

export function ApiErrorAlert({ error, onRetry, notFoundMessage }: ApiErrorAlertProps) {
  const explained: Explained = isApiError(error)
    ? explainApiError(error.detail, notFoundMessage)
    : {
        title: error instanceof InvalidRequestError ? 'This request cannot be sent.' : 'Something went wrong.',
        detail: error instanceof Error ? error.message : null,
        retryable: !(error instanceof InvalidRequestError),
      };
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">{explained.title}</p>
      {explained.detail && <p className="alert-detail">{explained.detail}</p>}
      {explained.retryable && onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
