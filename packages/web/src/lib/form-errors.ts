/** The shape of a zod error the forms need: the issues with their path and message. */
export interface ValidationIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** One message per top-level field (the first issue wins), for the messages shown under inputs. */
export function fieldErrorsOf(error: ValidationIssues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && result[field] === undefined) result[field] = issue.message;
  }
  return result;
}
