import { dropCarriedAnswers, takeCarriedAnswer } from "./carried-answers";

/** An HTTP failure as the screens show it: "status: body". */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiRequestError";
  }

  /** The server's `{message}` when the body is JSON, else the body text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === "string") return parsed.message;
    } catch {
      // not JSON: fall through
    }
    return this.body;
  }

  /** The fields at fault the server named (`{issues: [{path, message}]}` of a 400), if any. */
  get issues(): { path: string; message: string }[] {
    try {
      const parsed = JSON.parse(this.body) as { issues?: unknown };
      if (Array.isArray(parsed.issues))
        return parsed.issues.filter(
          (issue): issue is { path: string; message: string } =>
            typeof issue?.path === "string" && typeof issue?.message === "string",
        );
    } catch {
      // not JSON: no issues
    }
    return [];
  }
}

/**
 * Shows a failed call's field issues at those fields of a form (`setError`), for the fields it has.
 * True when at least one was shown, so the caller need not show the message elsewhere too.
 */
export function showIssuesAtFields<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  setError: (
    field: TField,
    error: { type: string; message: string },
    options?: { shouldFocus: boolean },
  ) => void,
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const shown = error.issues.filter((issue): issue is { path: TField; message: string } =>
    (fields as readonly string[]).includes(issue.path),
  );
  shown.forEach(({ path, message }, index) =>
    setError(path, { type: "server", message }, { shouldFocus: index === 0 }),
  );
  return shown.length > 0;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text();
  throw new ApiRequestError(response.status, body, response.statusText);
}

/**
 * Every call carries the session cookie; form data goes as is, anything else as JSON. A GET the page's
 * document answered is answered from it (carried-answers.ts); any other call lets those go.
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  if (method === "GET") {
    const carried = takeCarriedAnswer(url);
    if (carried) return carried.data as T;
  } else dropCarriedAnswers();
  const isForm = body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined || isForm ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>("GET", url);

/** The message to show in a toast for a failed call, with the product's fallback text when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
