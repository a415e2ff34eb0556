import { isApiError, InvalidRequestError, type ApiErrorDetail } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { sharedCatalogs, type SharedTexts } from './shared-strings';

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

export function explainApiError(
  detail: ApiErrorDetail,
  texts: SharedTexts['error'],
  notFoundMessage?: string,
): Explained {
  switch (detail.kind) {
    case 'unauthorized':
      return detail.status === 403
        ? { title: texts.forbidden, detail: detail.message ?? texts.forbiddenDetail, retryable: false }
        : { title: texts.tokenRejected, detail: texts.tokenRejectedDetail, retryable: false };
    case 'not_found':
      return { title: notFoundMessage ?? texts.notFound, detail: detail.message, retryable: false };
    case 'bad_request':
      return { title: texts.badRequest, detail: detail.message ?? texts.httpStatus(detail.status), retryable: false };
    case 'rate_limited':
      // The alert shows once the automatic retries are used up, so it says when to try again, not "waiting".
      return {
        title: texts.rateLimited,
        detail:
          detail.retryAfterMs !== null
            ? texts.rateLimitedRetryIn(Math.max(1, Math.ceil(Math.min(detail.retryAfterMs, 30_000) / 1000)))
            : texts.rateLimitedRetryLater,
        retryable: true,
      };
    case 'server':
      return {
        title: detail.status === 502 ? texts.unreachable : texts.serverProblem,
        detail: detail.message ?? texts.httpStatus(detail.status),
        retryable: true,
      };
    case 'network':
      return { title: texts.unreachable, detail: texts.networkDetail, retryable: true };
    case 'timeout':
      return {
        title: texts.timeout,
        detail: texts.timeoutDetail(Math.round(detail.timeoutMs / 1000)),
        retryable: true,
      };
    case 'invalid_response':
      return { title: texts.invalidResponse, detail: detail.reason, retryable: true };
  }
}

export function ApiErrorAlert({ error, onRetry, notFoundMessage }: ApiErrorAlertProps) {
  const texts = useCatalog(sharedCatalogs).error;
  const explained: Explained = isApiError(error)
    ? explainApiError(error.detail, texts, notFoundMessage)
    : {
        title: error instanceof InvalidRequestError ? texts.cannotSend : texts.generic,
        detail: error instanceof Error ? error.message : null,
        retryable: !(error instanceof InvalidRequestError),
      };
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">{explained.title}</p>
      {explained.detail && <p className="alert-detail">{explained.detail}</p>}
      {explained.retryable && onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {texts.retry}
        </button>
      )}
    </div>
  );
}
