import { apiMessage, isApiError, InvalidRequestError, type ApiErrorDetail } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { sharedCatalogs, type SharedTexts } from './shared-strings';
import { Alert } from './alert';

export interface ApiErrorAlertProps {
  error: unknown;
  /** Shown for errors a second try can fix. */
  onRetry?: () => void;
  /** What "not found" means on this screen, e.g. "Course 42 not found". */
  notFoundMessage?: string;
}

/** An error told in the user's language, with the API's own words (or a technical reason) as a detail. */
export interface Explained {
  title: string;
  explanation: string;
  /** Shown under the explanation, introduced by its label; null when there is nothing more to say. */
  detail: { label: string; text: string } | null;
  retryable: boolean;
}

type ErrorTexts = SharedTexts['error'];

function explanation(detail: ApiErrorDetail, texts: ErrorTexts): Omit<Explained, 'detail'> {
  switch (detail.kind) {
    case 'unauthorized':
      return detail.status === 403
        ? { title: texts.forbidden, explanation: texts.forbiddenDetail, retryable: false }
        : { title: texts.tokenRejected, explanation: texts.tokenRejectedDetail, retryable: false };
    case 'not_found':
      return { title: texts.notFound, explanation: texts.notFoundDetail, retryable: false };
    case 'bad_request':
      return { title: texts.badRequest, explanation: texts.badRequestDetail(detail.status), retryable: false };
    case 'rate_limited':
      // The alert shows once the automatic retries are used up, so it says when to try again, not "waiting".
      return {
        title: texts.rateLimited,
        explanation:
          detail.retryAfterMs !== null
            ? texts.rateLimitedRetryIn(Math.max(1, Math.ceil(Math.min(detail.retryAfterMs, 30_000) / 1000)))
            : texts.rateLimitedRetryLater,
        retryable: true,
      };
    case 'server':
      // 502 and 504 come from a gateway (our server among them) that got no usable answer from the API.
      if (detail.status === 502)
        return { title: texts.unreachable, explanation: texts.unreachableDetail(detail.status), retryable: true };
      if (detail.status === 504)
        return { title: texts.timeout, explanation: texts.gatewayTimeoutDetail(detail.status), retryable: true };
      return { title: texts.serverProblem, explanation: texts.serverProblemDetail(detail.status), retryable: true };
    case 'network':
      return { title: texts.noConnection, explanation: texts.networkDetail, retryable: true };
    case 'timeout':
      return {
        title: texts.timeout,
        explanation: texts.timeoutDetail(Math.round(detail.timeoutMs / 1000)),
        retryable: true,
      };
    case 'invalid_response':
      return { title: texts.invalidResponse, explanation: texts.invalidResponseDetail, retryable: true };
  }
}

export function explainApiError(detail: ApiErrorDetail, texts: ErrorTexts, notFoundMessage?: string): Explained {
  const explained = explanation(detail, texts);
  const said = apiMessage(detail);
  return {
    ...explained,
    title: detail.kind === 'not_found' && notFoundMessage !== undefined ? notFoundMessage : explained.title,
    detail:
      said !== null
        ? { label: texts.apiSaid, text: said }
        : detail.kind === 'invalid_response'
          ? { label: texts.technicalDetail, text: detail.reason }
          : null,
  };
}

/** Anything else thrown: a request refused before it was sent, or a failure of our own. */
function explainOther(error: unknown, texts: ErrorTexts): Explained {
  const invalid = error instanceof InvalidRequestError;
  return {
    title: invalid ? texts.cannotSend : texts.generic,
    explanation: invalid ? texts.cannotSendDetail : texts.genericDetail,
    detail:
      error instanceof Error && error.message !== '' ? { label: texts.technicalDetail, text: error.message } : null,
    retryable: !invalid,
  };
}

export function ApiErrorAlert({ error, onRetry, notFoundMessage }: ApiErrorAlertProps) {
  const texts = useCatalog(sharedCatalogs).error;
  const explained = isApiError(error)
    ? explainApiError(error.detail, texts, notFoundMessage)
    : explainOther(error, texts);
  return (
    <Alert
      tone="error"
      role="alert"
      title={explained.title}
      text={explained.explanation}
      action={explained.retryable && onRetry ? { label: texts.retry, onClick: onRetry } : undefined}
    >
      {explained.detail && (
        <p className="alert-detail">
          <small>
            {explained.detail.label} <q>{explained.detail.text}</q>
          </small>
        </p>
      )}
    </Alert>
  );
}
